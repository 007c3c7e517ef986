import { randomUUID } from "node:crypto";
import { calls } from "@davmu/contracts/calls";
import { unavailableStates } from "@davmu/contracts/content";
import {
  type CachedResponse,
  createResponseCache,
  type Encoding,
  encodedBody,
  encodingFor,
} from "@davmu/http-cache/response-cache";
import type { FastifyInstance, FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { badHostHeader } from "../../lib/client-address.ts";
import { type EarlyAnswerOptions, earlyAnswerLog } from "../../lib/early-answer.ts";
import { compressFast } from "../../lib/fast-compression.ts";
import { route } from "../../lib/route.ts";
import { tokenFromHeader } from "../accounts/plugin.ts";
import { parseDetail, toAlbumTrack, toContentItem, toRelatedItem } from "./present.ts";

/** How long an anonymous content answer is reused; changes made through `app.contents` drop it at once. */
export const contentCacheTtlMs = 10_000;
const contentTag = (id: number) => `content:${id}`;

/** The hot list covers what was published in the last 72 hours. */
export const hotWindowMs = 72 * 60 * 60 * 1000;

/** Content items, albums, specials and the lists (spec §7 Content). */
export async function contentRoutes(app: FastifyInstance, options: EarlyAnswerOptions = {}) {
  const repository = app.contents;
  const links = app.contentLinks;
  // the same answer for every anonymous visitor: kept serialised, keyed by the URL, and compressed
  // (gzip 9, brotli 9, in zlib's pool) once it is asked for again (decisions 045, 085)
  const cache = createResponseCache({ maxEntries: 1000, ttlMs: contentCacheTtlMs });
  app.contentChanges.subscribe((id) => cache.invalidate(contentTag(id)));
  app.addHook("onClose", () => cache.compressing());

  /**
   * Sends a kept answer through Fastify. While its compressed forms are not made yet (a miss, or an
   * answer asked for again a moment ago), a client that takes brotli or gzip gets the raw body
   * compressed here in one call at the fastest level (brotli 1, gzip 1; decision 085), with its
   * Content-Encoding and Vary (the HTTP layer then leaves it); nothing is compressed at gzip 9 or
   * brotli 9 on the request's way.
   */
  function sendKept(reply: FastifyReply, entry: CachedResponse, encoding: Encoding, result: "hit" | "miss") {
    if (entry.compressed || encoding === "identity") {
      const { body, headers } = encodedBody(entry, encoding);
      return reply.headers(headers).header("x-cache", result).send(body);
    }
    return reply
      .headers(entry.headers)
      .header("content-encoding", encoding)
      .header("vary", "accept-encoding")
      .header("x-cache", result)
      .send(compressFast(entry.body, encoding));
  }

  /** Sends the kept answer to an anonymous visitor's request (its URL passed validation when it was kept). */
  function answerFromCache(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const cached = request.session?.kind === "anonymous" ? cache.get(request.url) : undefined;
    if (!cached) return done();
    sendKept(reply, cached, encodingFor(request.headers["accept-encoding"]), "hit");
  }

  /**
   * The same kept answer sent from the server's request event, before Fastify (decision 039): a
   * share page's API calls are mostly this one, for the same few items. Only a GET of a kept URL
   * whose token names an anonymous session this process remembers, with no forwarded header the app
   * would refuse, is answered so; anything else (another token, a revoked or forgotten one, a miss)
   * goes on to Fastify and the route above. The answer is the kept one, with the host's security
   * headers and a trace id, counted and logged as Fastify's are.
   */
  const hostHeaders = options.hostHeaders ?? [];
  const itemCalls = [calls.content, calls.mpContent].map((call) => ({
    path: call.path,
    prefix: call.path.slice(0, call.path.indexOf(":")),
  }));
  const { completed } = earlyAnswerLog(app.log);
  options.installEarlyAnswer?.((req, res) => {
    const url = req.url;
    if (req.method !== "GET" || url === undefined) return false;
    const call = itemCalls.find((item) => url.startsWith(item.prefix));
    if (call === undefined) return false;
    const token = tokenFromHeader(req.headers.authorization);
    if (token === null || app.sessions.rememberedAnonymous(token)?.kind !== "anonymous") return false;
    if (badHostHeader(req.headers) !== null) return false;
    const cached = cache.get(url);
    if (!cached) return false;
    const encoding = encodingFor(req.headers["accept-encoding"]);
    // not compressed yet (being compressed now): Fastify's route compresses it at the fastest level
    if (!cached.compressed && encoding !== "identity") return false;
    const started = performance.now();
    const { body, headerList } = encodedBody(cached, encoding);
    const traceId = randomUUID();
    res.writeHead(cached.status, [...headerList, ...hostHeaders, "x-trace-id", traceId]);
    res.end(body);
    app.metrics.countAnswer(call.path, "GET", cached.status, (performance.now() - started) / 1000, true);
    completed(req, traceId, cached.status, started, { cache: "hit" });
    return true;
  });

  async function albumTracks(albumPublicId: string, type: "audio_album" | "video_album", page: number, size: number) {
    const album = await app.requireAvailableContent(albumPublicId, { types: [type] });
    const offset = (page - 1) * size;
    const [rows, total] = await Promise.all([
      repository.members(album.id, unavailableStates, { offset, limit: size }),
      repository.countMembers(album.id, unavailableStates),
    ]);
    return {
      code: 0,
      msg: "ok",
      data: {
        album_id: albumPublicId,
        list: rows.map((row, i) => toAlbumTrack(row, offset + i + 1, links)),
        total,
        album_status: album.album_total === null ? null : { status: album.album_status ?? 0, total: album.album_total },
        page,
        size,
      },
    };
  }

  for (const [call, type] of [
    [calls.audioAlbum, "audio_album"],
    [calls.videoAlbum, "video_album"],
  ] as const) {
    route(app, call, (request) => albumTracks(request.params.id, type, 1, request.query.limit));
  }
  route(app, calls.albumTracks, (request) =>
    albumTracks(request.params.uid, `${request.params.series}_album`, request.query.page, request.query.size),
  );

  route(app, calls.albumRelates, async (request) => {
    const album = await app.requireAvailableContent(request.params.id, { types: ["audio_album", "video_album"] });
    let rows = await repository.relatedTo(album.id, unavailableStates);
    if (rows.length === 0) rows = await repository.latestOfType(album.content_type, album.id, 6, unavailableStates);
    return { code: 0, msg: "ok", data: { list: rows.map((r) => toRelatedItem(r, links)) } };
  });

  route(app, calls.special, async (request) => {
    const { gid, pageindex, pagesize, batch_size, page_offset } = request.query;
    const special = await app.requireAvailableContent(gid, { types: ["special"] });
    const detail = parseDetail(special.detail_json);
    const groups = Array.isArray(detail.groups) ? detail.groups : [];
    const members = await repository.members(special.id, unavailableStates);
    const start = (pageindex - 1) * pagesize;
    const page = groups.slice(start, start + pagesize).map((group, i) => {
      const index = start + i;
      const items = members.filter((m) => m.group_index === index);
      return {
        group_id: `${gid}-${index + 1}`,
        name: group.name,
        collapse: group.collapse === true,
        total: items.length,
        content_list: items.slice(page_offset, page_offset + batch_size).map((r) => toRelatedItem(r, links)),
      };
    });
    const item = toContentItem(special, [], null, links);
    return {
      code: 0,
      msg: "ok",
      data: {
        post_id: item.post_id,
        title: item.title,
        summary: item.summary,
        cover: special.cover_url,
        share_link: item.share_link,
        sections: Array.isArray(detail.sections) ? detail.sections : [],
        groups: page,
        total_groups: groups.length,
      },
    };
  });

  route(app, calls.hot72, async (request) => {
    const rows = await repository.hotSince(Date.now() - hotWindowMs, request.query.size, unavailableStates);
    return { code: 0, msg: "ok", data: { list: rows.map((r) => toRelatedItem(r, links)) } };
  });

  route(app, calls.recommend, async (request) => {
    const { page, size } = request.query;
    const { rows, total } = await repository.recommended({
      offset: (page - 1) * size,
      limit: size,
      hiddenStates: unavailableStates,
    });
    return { code: 0, msg: "ok", data: { list: rows.map((r) => toRelatedItem(r, links)), total, page, size } };
  });

  /**
   * A content item by its public id (`/inner/static/content/`), and a media account's item
   * (`/dinner/content/`, spec §7 actor mp: the organisation's own items answer 404 there). Both
   * answers are kept alike for anonymous sessions.
   */
  for (const [call, mp] of [
    [calls.content, false],
    [calls.mpContent, true],
  ] as const) {
    route(
      app,
      call,
      async (request, reply) => {
        const cacheable = request.session?.kind === "anonymous";
        // the item, its related items and its media account in one statement: one round trip to
        // PostgreSQL (decision 092)
        const { row, related, account } = await app.requireAvailableContentForAnswer(
          request.params.id,
          mp ? { mp: true } : undefined,
        );
        const answer = { code: 0, msg: "ok", data: toContentItem(row, related, account, links) };
        if (!cacheable) return answer;
        const entry = cache.set(request.url, {
          status: 200,
          // the headers later hits are sent with (the miss below says so itself)
          headers: { "content-type": "application/json; charset=utf-8", "x-cache": "hit" },
          body: Buffer.from(reply.serialize(answer) as string),
          tags: [row.id, ...related.map((r) => r.id)].map(contentTag),
        });
        // answered at once, raw or compressed at the fastest level: the best forms are made if it is asked again
        return sendKept(reply, entry, encodingFor(request.headers["accept-encoding"]), "miss");
      },
      // after the session check: a kept answer is sent before parsing, validation and the handler
      { onRequest: [answerFromCache] },
    );
  }

  route(app, calls.contentList, async (request) => {
    const { gid, pageindex, pagesize } = request.query;
    const { rows, total } = await repository.page({
      groupId: gid || undefined,
      offset: (pageindex - 1) * pagesize,
      limit: pagesize,
      hiddenStates: unavailableStates,
    });
    return {
      code: 0,
      msg: "ok",
      data: { list: rows.map((r) => toRelatedItem(r, links)), total, pageindex, pagesize },
    };
  });
}
