import { calls } from "@davmu/contracts/calls";
import { tipLimits } from "@davmu/contracts/tips";
import fastifyMultipart from "@fastify/multipart";
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler } from "fastify";
import { ApiError, badRequest, conflict, notFound, tooManyRequests, unavailable } from "../../lib/api-error.ts";
import { isLoopback } from "../../lib/client-address.ts";
import { route } from "../../lib/route.ts";
import { userOf, viewerOf } from "../../lib/viewer.ts";
import { picturesBusyMessage } from "../../plugins/picture-work.ts";
import { preparePicture, removePictures, storePicture } from "./pictures.ts";
import { presentEditorTip, presentReceipt } from "./present.ts";
import { publishTipAsClueReport } from "./publish.ts";
import { normalizeReceipt } from "./receipt.ts";
import { allowedFrom } from "./repository.ts";
import { multipartLimits, readTipForm, requestTooLargeMessage, tooLarge } from "./upload.ts";

/** Receipt lookups one address may make in a minute (a reader's list asks for ten at most). */
const receiptLookupsPerMinute = 60;

const rateMessage = `每小时最多提交 ${tipLimits.perUserPerHour} 条爆料，请稍后再试`;

const moveNames = { accept: "采纳", reject: "驳回", publish: "发布" } as const;
const statusNames = { received: "待处理", accepted: "已采纳", rejected: "已驳回", published: "已发布" } as const;

/**
 * After a refusal (413, or 503 when the pictures cannot be taken now) the rest of the request body is
 * not kept: Node's server reads it and throws it away, so the client, still sending, sees the answer
 * rather than a reset connection; past a few seconds of that the connection is cut.
 */
function discardRestOfBody(request: FastifyRequest, reply: FastifyReply) {
  reply.raw.once("finish", () => {
    if (request.raw.complete) return;
    const cut = setTimeout(() => request.raw.socket?.destroy(), lingerMs);
    cut.unref();
    request.raw.once("end", () => clearTimeout(cut));
    request.raw.once("close", () => clearTimeout(cut));
  });
}

const lingerMs = 3000;

/** A request whose declared length is past the limit is answered 413 before its body is read. */
const refuseOversized: onRequestHookHandler = (request, reply, done) => {
  const declared = Number(request.headers["content-length"] ?? 0);
  if (declared > tipLimits.requestBytes) {
    discardRestOfBody(request, reply);
    done(tooLarge(requestTooLargeMessage) as never);
  } else done();
};

/** Tips (R-TIP-1): readers send them with pictures, follow them by receipt; editors moderate them. */
export async function tipRoutes(app: FastifyInstance) {
  const tips = app.tips;
  const encode = (id: number) => app.publicIds.encode(id);
  const mediaDir = app.config.mediaDir;
  // multipart parsing for this module's routes only (the plugin is encapsulated here)
  await app.register(fastifyMultipart, { limits: multipartLimits, throwFileSizeLimit: true });

  route(
    app,
    calls.submitTip,
    async (request, reply) => {
      const userId = userOf(request);
      // cheap refusal before any picture is read; the count that decides is taken with the insert
      if ((await tips.recentCount(userId)) >= tipLimits.perUserPerHour) throw tooManyRequests(rateMessage);
      const work = app.pictureWork;
      // past the pool's places a tip is answered before its pictures are read: they would only wait
      // to be refused, holding their bytes meanwhile
      const release = work.admit();
      if (!release) {
        discardRestOfBody(request, reply);
        throw unavailable(picturesBusyMessage);
      }
      const deadline = work.deadline();
      const prepare = (bytes: Buffer, index: number) => work.run(() => preparePicture(bytes, index), deadline);
      const form = await readTipForm(request, prepare)
        .catch((error: unknown) => {
          // refused with the rest of the body unread (too large, or no room for its pictures)
          if (error instanceof ApiError && (error.status === 413 || error.status === 503)) {
            discardRestOfBody(request, reply);
          }
          throw error;
        })
        .finally(release);
      const stored = [];
      try {
        for (const picture of form.pictures) stored.push(await storePicture(mediaDir, picture));
        const row = await tips.create({
          userId,
          body: form.text,
          place: form.place,
          contact: form.contact,
          pictures: stored,
        });
        if (!row) throw tooManyRequests(rateMessage);
        return { code: 0, msg: "爆料已提交，感谢您的线索", data: presentReceipt(row, userId, encode) };
      } catch (error) {
        await removePictures(mediaDir, stored);
        throw error;
      }
    },
    { onRequest: [refuseOversized], bodyLimit: tipLimits.requestBytes },
  );

  route(
    app,
    calls.tipReceipt,
    async (request) => {
      const receipt = normalizeReceipt(request.params.receipt);
      const row = receipt ? await tips.findByReceipt(receipt) : undefined;
      if (!row) throw notFound("回执码不存在，请核对后再试");
      return { code: 0, msg: "ok", data: presentReceipt(row, viewerOf(request), encode) };
    },
    // codes are not to be found by trying: lookups per address are limited, except the site's own
    // server rendering receipt pages from this machine (every visitor's page view comes from it)
    {
      config: {
        rateLimit: {
          max: receiptLookupsPerMinute,
          timeWindow: 60_000,
          groupId: "tip-receipt",
          allowList: (request: FastifyRequest) => isLoopback(request.ip),
        },
      },
    },
  );

  route(app, calls.editorTips, async (request) => {
    const { status, cursor, limit } = request.query;
    const page = await tips.list(status, cursor, limit);
    return {
      code: 0,
      msg: "ok",
      data: { list: page.rows.map((row) => presentEditorTip(row, row.user_alias, encode)), next: page.next },
    };
  });

  route(app, calls.moderateTip, async (request) => {
    const receipt = normalizeReceipt(request.params.receipt);
    const row = receipt ? await tips.findByReceipt(receipt) : undefined;
    if (!row) throw notFound("爆料不存在");
    const body = request.body;
    if (body.action === "reject" && !body.reason?.trim()) throw badRequest("请填写驳回理由");
    const sender = await tips.sender(Number(row.user_id));
    const moved = await tips.move(row.id, body.action, {
      reason: body.action === "reject" ? body.reason?.trim() : undefined,
      publishAs:
        body.action === "publish"
          ? async (tip, trx) =>
              String(await publishTipAsClueReport(trx, tip, sender, { title: body.title, topic: body.topic }))
          : undefined,
      editorId: request.editorActor?.id ?? null,
      audit: (trx, after) =>
        app.auditWrite(request, trx, {
          target: `tip:${row.receipt}`,
          before: { status: row.status, reason: row.reason },
          after: { status: after.status, reason: after.reason, clue_report_id: after.clue_report_id },
        }),
    });
    if (!moved) {
      // another editor may have moved it since it was read: the answer names who (R-CONSOLE-5)
      const now = (await tips.findByReceipt(row.receipt)) ?? row;
      const from = allowedFrom[body.action].map((s) => statusNames[s]).join("或");
      const who = now.handled_by !== null ? `已由 ${await app.editors.nameOf(now.handled_by)}处理，` : "";
      throw conflict(`该爆料${who}${statusNames[now.status]}，不能${moveNames[body.action]}（仅限${from}的爆料）`);
    }
    return { code: 0, msg: "ok", data: presentEditorTip(moved, sender.alias, encode) };
  });
}
