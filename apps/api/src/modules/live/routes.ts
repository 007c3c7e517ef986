import { calls } from "@davmu/contracts/calls";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ApiError, conflict, forbidden, notFound } from "../../lib/api-error.ts";
import { chatWording, commentThread } from "../../lib/comment-thread/thread.ts";
import { route } from "../../lib/route.ts";
import { userOf, viewerOf } from "../../lib/viewer.ts";
import { contentPath } from "../content/present.ts";
import { chatEnabled, presentInfo, presentMessage, presentModeratedMessage, presentRoom } from "./present.ts";
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
    const [online, pinned] = await Promise.all([liveHub.online(request.params.id), live.pinned(item.id)]);
    return {
      code: 0,
      msg: "ok",
      data: presentRoom(request.params.id, row, item, {
        online,
        shareLink: shareLinkOf(item),
        booked,
        pinned: pinned ? presentMessage(pinned, publicIds.encode) : null,
      }),
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
      if (!sent.ok) {
        if (sent.reason === "missing") throw notFound("直播不存在或已下线");
        throw sent.reason === "muted" ? forbidden("你已被禁止在本直播间发言") : thread.refusal(sent.reason);
      }
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

  /** The room a live_id names, for its editors (any status; its item need not be published). */
  async function editorRoom(liveId: string) {
    const item = await publicIds.require(
      liveId,
      (id) => app.contents.findById(id),
      () => notFound("直播不存在"),
    );
    const row = await live.findRoom(item.id);
    if (!row) throw notFound("直播不存在");
    return item;
  }

  /** A user by public id, for a mute. */
  const requireUser = (userId: string) =>
    publicIds.require(
      userId,
      (id) => app.comments.user(id),
      () => notFound("用户不存在"),
    );

  route(app, calls.liveChatModeration, async (request) => {
    const item = await editorRoom(request.params.id);
    const [messages, pinned, muted] = await Promise.all([
      live.recentForEditors(item.id, 50),
      live.pinned(item.id),
      live.muted(item.id),
    ]);
    return {
      code: 0,
      msg: "ok",
      data: {
        messages: messages.map((row) => presentModeratedMessage(row, publicIds.encode)),
        pinned_id: pinned ? publicIds.encode(pinned.id) : null,
        muted: muted.map((row) => ({
          user_id: publicIds.encode(row.user_id),
          nickname: row.alias,
          at: new Date(Number(row.created_at)).toISOString(),
        })),
      },
    };
  });

  /** Pins a published message above the room's chat (shown in the room's detail), or unpins; audited. */
  route(app, calls.pinLiveMessage, async (request) => {
    const item = await editorRoom(request.params.id);
    const target = request.body.message_id;
    const messageId = target === null ? null : publicIds.decode(target);
    if (target !== null && messageId === null) throw notFound("消息不存在或未发布");
    // a refusal thrown in the change rolls it back with its audit record
    await app.auditedChange(request, `live:${request.params.id}`, async (trx) => {
      const result = await createLiveRepository(trx).pin(item.id, messageId);
      if (result === null) throw notFound("直播不存在");
      if (result === "missing") throw notFound("消息不存在或未发布");
      return {
        result,
        before: { pinned: result.before === null ? null : publicIds.encode(result.before) },
        after: { pinned: target },
      };
    });
    return { code: 0, msg: target === null ? "已取消置顶" : "已置顶", data: null };
  });

  /** Mutes a user in a room (R-LIVE-1), audited; a second mute of the same user answers 409. */
  route(app, calls.muteLiveUser, async (request) => {
    const item = await editorRoom(request.params.id);
    const user = await requireUser(request.params.user_id);
    await app.auditedChange(request, `live:${request.params.id}:user:${request.params.user_id}`, async (trx) => {
      const muted = await createLiveRepository(trx).mute(item.id, user.id, request.editorActor?.id ?? null);
      if (!muted) throw conflict("该用户已在本直播间被禁言");
      return { result: null, before: { muted: false }, after: { muted: true } };
    });
    return { code: 0, msg: "已禁言", data: null };
  });

  route(app, calls.unmuteLiveUser, async (request) => {
    const item = await editorRoom(request.params.id);
    const user = await requireUser(request.params.user_id);
    await app.auditedChange(request, `live:${request.params.id}:user:${request.params.user_id}`, async (trx) => {
      if (!(await createLiveRepository(trx).unmute(item.id, user.id))) {
        throw conflict("该用户未被禁言（可能已由其他编辑解除）");
      }
      return { result: null, before: { muted: true }, after: { muted: false } };
    });
    return { code: 0, msg: "已解除禁言", data: null };
  });

  /** Removes a message of the room: the moderation of texts deletes it, audited, 409 for the second editor. */
  route(app, calls.deleteLiveMessage, async (request) => {
    const item = await editorRoom(request.params.id);
    const missing = () => notFound("消息不存在或已删除");
    const id = publicIds.decode(request.params.message_id);
    const message = id === null ? undefined : await live.message(id);
    if (id === null || !message || Number(message.content_id) !== item.id) throw missing();
    const outcome = await app.comments.moderateText(
      "chat",
      id,
      "deleted",
      request.editorActor?.id ?? null,
      (trx, before) =>
        app.auditWrite(request, trx, {
          target: `chat:${request.params.message_id}`,
          before,
          after: { status: "deleted" },
        }),
    );
    if (!outcome.moved) {
      if (outcome.handledBy === null) throw missing();
      throw conflict(`该消息已由 ${await app.editors.nameOf(outcome.handledBy)}处理（已删除）`);
    }
    return { code: 0, msg: "已删除", data: null };
  });
}
