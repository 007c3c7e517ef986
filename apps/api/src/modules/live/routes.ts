import { calls } from "@davmu/contracts/calls";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError, conflict, forbidden, notFound } from "../../lib/api-error.ts";
import { chatWording, commentThread } from "../../lib/comment-thread/thread.ts";
import { route } from "../../lib/route.ts";
import { userOf, viewerOf } from "../../lib/viewer.ts";
import { contentPath } from "../content/present.ts";
import { chatEnabled, presentInfo, presentMessage, presentRoom } from "./present.ts";
import { createLiveRepository } from "./repository.ts";

/**
 * Live rooms over HTTP (R-CONTENT-10, R-ENT-LIVE): detail and counts, the chat's history (the
 * WebSocket's polling fallback) and sending, likes, booking. Sending needs a logged-in user, goes
 * through the comment thread (lib/comment-thread) with the chat's settings, and the stored message
 * is broadcast by the hub to every subscriber on every instance.
 */
export async function liveRoutes(app: FastifyInstance) {
  const { live, liveHub, publicIds, config } = app;
  const thread = commentThread(app.database.db, {
    perUser: config.live.chatPerUserPerMinute,
    windowMs: 60_000,
    perIp: { max: config.limits.commentsPerIpPerMinute, group: "live-chat" },
    wording: chatWording,
    reportsToHold: null,
    blocked: (tx, author) => app.comments.isBanned(tx, author),
  });

  /** The available item a live_id names and its room; 404 when either is missing. */
  async function load(liveId: string) {
    const item = await app.requireAvailableContent(liveId).catch((error: unknown) => {
      throw error instanceof ApiError && error.status === 404 ? notFound("直播不存在或已下线") : error;
    });
    const row = await live.findRoom(item.id);
    if (!row) throw notFound("直播不存在或已下线");
    return { item, row };
  }

  const shareLinkOf = (item: Parameters<typeof contentPath>[0]) =>
    app.contentLinks.publicOrigin + contentPath(item, app.contentLinks);

  route(app, calls.liveRoom, async (request) => {
    const { item, row } = await load(request.params.id);
    const viewer = viewerOf(request);
    const booked = viewer !== null && (await live.booked(item.id, viewer));
    const online = await liveHub.online(request.params.id);
    return {
      code: 0,
      msg: "ok",
      data: presentRoom(request.params.id, row, item, { online, shareLink: shareLinkOf(item), booked }),
    };
  });

  route(app, calls.liveInfo, async (request) => {
    const { item, row } = await load(request.params.id);
    const online = await liveHub.online(request.params.id);
    return { code: 0, msg: "ok", data: presentInfo(request.params.id, row, item, online) };
  });

  route(app, calls.liveChat, async (request) => {
    const { item, row } = await load(request.params.live_id);
    const latest = Number(row.last_seq);
    const { since, limit } = request.query;
    const resync = since !== undefined && (since > latest || latest - since > config.live.historySize);
    const rows =
      since === undefined || resync ? await live.latest(item.id, limit) : await live.after(item.id, since, limit);
    return {
      code: 0,
      msg: "ok",
      data: { messages: rows.map((r) => presentMessage(r, publicIds.encode)), seq: latest, resync },
    };
  });

  route(
    app,
    calls.liveSendMessage,
    async (request) => {
      const { item, row } = await load(request.params.id);
      if (!chatEnabled(row)) throw forbidden("该直播未开启聊天");
      const screened = await thread.screen(thread.text(request.body.content), request.log);
      const now = Date.now();
      const sent = await live.send(
        item.id,
        { userId: userOf(request), body: screened.body, held: screened.held, now },
        thread,
      );
      if (!sent.ok) throw sent.reason === "missing" ? notFound("直播不存在或已下线") : thread.refusal(sent.reason);
      const message = presentMessage(sent.message, publicIds.encode);
      const held = sent.message.status === "pending";
      if (!held) liveHub.publishChat(request.params.id, message);
      return { code: 0, msg: held ? "消息已提交，审核通过后展示" : "发送成功", data: { ...message, held } };
    },
    thread.routeOptions,
  );

  /** Who a like request counts as, for its msg_id: the user, else the anonymous session. */
  const actorOf = (request: FastifyRequest) => {
    const viewer = viewerOf(request);
    return viewer !== null ? `u:${viewer}` : `s:${request.session?.id ?? request.ip}`;
  };

  route(app, calls.liveLike, async (request) => {
    const { item } = await load(request.params.id);
    const { msg_id: msgId, count = 1 } = request.body;
    const { total, delta } = await live.like(item.id, actorOf(request), msgId, count);
    if (delta > 0) liveHub.publishLikes(request.params.id, total, delta);
    return { code: 0, msg: "ok", data: { total, delta } };
  });

  route(app, calls.booking, async (request) => {
    const { item } = await load(request.body.booking_id);
    const { booked, count } = await live.book(item.id, userOf(request));
    if (!booked) throw conflict("您已预约该直播");
    return {
      code: 0,
      msg: "预约成功",
      data: { booking_id: request.body.booking_id, booked: true, booking_count: count },
    };
  });

  route(app, calls.unBooking, async (request) => {
    const { item } = await load(request.body.booking_id);
    const { count } = await live.unbook(item.id, userOf(request));
    return {
      code: 0,
      msg: "已取消预约",
      data: { booking_id: request.body.booking_id, booked: false, booking_count: count },
    };
  });

  route(app, calls.bookingList, async (request) => {
    const rows = await live.bookingsOf(userOf(request));
    const ids = rows.map((r) => publicIds.encode(r.content_id));
    if (request.query.tiny) return { code: 0, msg: "ok", data: { ids, list: [] } };
    const items = await Promise.all(rows.map((r) => app.contents.findById(r.content_id)));
    const list = rows.flatMap((r, index) => {
      const item = items[index];
      if (!item) return [];
      return [
        {
          live_id: ids[index] as string,
          title: item.title,
          cover: item.cover_url,
          status: Number(r.status),
          start_time: new Date(Number(r.start_time)).toISOString(),
          share_link: shareLinkOf(item),
          booked_at: new Date(Number(r.created_at)).toISOString(),
        },
      ];
    });
    return { code: 0, msg: "ok", data: { ids, list } };
  });

  route(app, calls.updateLiveStatus, async (request) => {
    const item = await publicIds.require(
      request.params.id,
      (id) => app.contents.findById(id),
      () => notFound("直播不存在"),
    );
    const changed = await app.auditedChange(request, `live:${request.params.id}`, async (trx) => {
      const inTransaction = createLiveRepository(trx);
      const before = (await inTransaction.findRoom(item.id)) ?? null;
      const after = await inTransaction.setStatus(item.id, request.body.status);
      return { result: after, before: before && { status: before.status }, after: after && { status: after.status } };
    });
    if (changed) liveHub.publishStatus(request.params.id, Number(changed.status), Number(changed.start_time));
    const row = changed ?? (await live.findRoom(item.id));
    if (!row) throw notFound("直播不存在");
    const online = await liveHub.online(request.params.id);
    return { code: 0, msg: "ok", data: presentInfo(request.params.id, row, item, online) };
  });
}
