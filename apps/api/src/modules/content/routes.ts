import {
  AlbumQuery,
  AlbumTracks,
  AlbumTracksParams,
  AlbumTracksQuery,
  CardList,
  ContentIdParams,
  ContentItem,
  ContentList,
  ContentListQuery,
  HotQuery,
  RecommendList,
  RecommendQuery,
  SpecialDetail,
  SpecialQuery,
  unavailableStates,
} from "@davmu/contracts/content";
import { Envelope, ErrorEnvelope } from "@davmu/contracts/envelope";
import { ErrorCode } from "@davmu/contracts/error-codes";
import type { PublicIdCodec } from "@davmu/contracts/public-id";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction } from "fastify";
import { notFound } from "../../lib/api-error.ts";
import { createResponseCache, encodedBody, encodingFor } from "../../lib/response-cache.ts";
import type { Config } from "../../plugins/config.ts";
import { type LinkContext, parseDetail, toAlbumTrack, toContentItem, toRelatedItem } from "./present.ts";
import type { ContentRow } from "./repository.ts";

/** How long an anonymous content answer is reused; changes made through `app.contents` drop it at once. */
export const contentCacheTtlMs = 10_000;
const contentTag = (id: number) => `content:${id}`;

/** The hot list covers what was published in the last 72 hours. */
export const hotWindowMs = 72 * 60 * 60 * 1000;

export const contentRoutes: FastifyPluginAsyncTypebox<{ config: Config; codec: PublicIdCodec }> = async (
  app,
  { config, codec },
) => {
  const repository = app.contents;
  const links: LinkContext = { codec, publicOrigin: config.publicOrigin, siteActor: config.siteActor };
  // the same answer for every anonymous visitor: kept serialised and compressed, keyed by the URL
  const cache = createResponseCache({ maxEntries: 1000, ttlMs: contentCacheTtlMs });
  app.contentChanges.subscribe((id) => cache.invalidate(contentTag(id)));
  app.addHook("onRequest", app.requireSession);

  /** Sends the kept answer to an anonymous visitor's request (its URL passed validation when it was kept). */
  function answerFromCache(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
    const cached = request.session?.kind === "anonymous" ? cache.get(request.url) : undefined;
    if (!cached) return done();
    const { body, headers } = encodedBody(cached, encodingFor(request.headers["accept-encoding"]));
    reply.headers(headers).send(body);
  }

  /** A published item by public id, else 404 with code 10024 (R-CONTENT-1); optionally of given types. */
  async function available(publicId: string, types?: readonly string[]): Promise<ContentRow> {
    const id = codec.decode(publicId);
    const row = id === null ? undefined : await repository.findById(id);
    if (!row || unavailableStates.includes(row.state) || (types && !types.includes(row.content_type))) {
      throw notFound("内容不存在或已下线", ErrorCode.contentUnavailable);
    }
    return row;
  }

  async function albumTracks(albumPublicId: string, type: "audio_album" | "video_album", page: number, size: number) {
    const album = await available(albumPublicId, [type]);
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

  for (const series of ["audio", "video"] as const) {
    app.get(
      `/inner/v3/album/${series}/:id`,
      {
        schema: {
          tags: ["content"],
          summary: `The first tracks of a ${series} album (limit, 30 by default)`,
          params: ContentIdParams,
          querystring: AlbumQuery,
          response: { 200: Envelope(AlbumTracks), "4xx": ErrorEnvelope },
        },
      },
      (request) => albumTracks(request.params.id, `${series}_album`, 1, request.query.limit),
    );
  }

  app.get(
    "/peony/v3/album/tracks/:series/:uid",
    {
      schema: {
        tags: ["content"],
        summary: "A page of an album's tracks (series audio or video, uid the album's public id)",
        params: AlbumTracksParams,
        querystring: AlbumTracksQuery,
        response: { 200: Envelope(AlbumTracks), "4xx": ErrorEnvelope },
      },
    },
    (request) =>
      albumTracks(request.params.uid, `${request.params.series}_album`, request.query.page, request.query.size),
  );

  app.get(
    "/inner/v3/albums/relates/:id",
    {
      schema: {
        tags: ["content"],
        summary: "Albums related to an album: its editors' relations, else the latest albums of its kind",
        params: ContentIdParams,
        response: { 200: Envelope(CardList), "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const album = await available(request.params.id, ["audio_album", "video_album"]);
      let rows = await repository.relatedTo(album.id, unavailableStates);
      if (rows.length === 0) rows = await repository.latestOfType(album.content_type, album.id, 6, unavailableStates);
      return { code: 0, msg: "ok", data: { list: rows.map((r) => toRelatedItem(r, links)) } };
    },
  );

  app.get(
    "/inner/special",
    {
      schema: {
        tags: ["content"],
        summary: "A special topic: sections and a page of its groups, each with a batch of its items",
        querystring: SpecialQuery,
        response: { 200: Envelope(SpecialDetail), "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const { gid, pageindex, pagesize, batch_size, page_offset } = request.query;
      const special = await available(gid, ["special"]);
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
    },
  );

  app.get(
    "/inner/static/hot72",
    {
      schema: {
        tags: ["content"],
        summary: "Hot list: published in the last 72 hours, most viewed first",
        querystring: HotQuery,
        response: { 200: Envelope(CardList), "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const rows = await repository.hotSince(Date.now() - hotWindowMs, request.query.size, unavailableStates);
      return { code: 0, msg: "ok", data: { list: rows.map((r) => toRelatedItem(r, links)) } };
    },
  );

  app.get(
    "/peony/v1/recommend",
    {
      schema: {
        tags: ["content"],
        summary: "The editors' recommended list, in their order (page, size 10)",
        querystring: RecommendQuery,
        response: { 200: Envelope(RecommendList), "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const { page, size } = request.query;
      const { rows, total } = await repository.recommended({
        offset: (page - 1) * size,
        limit: size,
        hiddenStates: unavailableStates,
      });
      return { code: 0, msg: "ok", data: { list: rows.map((r) => toRelatedItem(r, links)), total, page, size } };
    },
  );

  app.get(
    "/inner/static/content/:id",
    {
      // after the plugin's session check: a kept answer is sent before parsing, validation and the handler
      onRequest: answerFromCache,
      schema: {
        tags: ["content"],
        summary: "A content item by its public id",
        params: ContentIdParams,
        response: { 200: Envelope(ContentItem), "4xx": ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const cacheable = request.session?.kind === "anonymous";
      const row = await available(request.params.id);
      const [related, mp] = await Promise.all([
        repository.relatedTo(row.id, unavailableStates),
        row.mp_id === null ? null : repository.findMediaAccount(row.mp_id),
      ]);
      const answer = { code: 0, msg: "ok", data: toContentItem(row, related, mp ?? null, links) };
      if (!cacheable) return answer;
      const entry = cache.set(request.url, {
        status: 200,
        // the headers later hits are sent with (the miss below says so itself)
        headers: { "content-type": "application/json; charset=utf-8", "x-cache": "hit" },
        body: Buffer.from(reply.serialize(answer) as string),
        tags: [row.id, ...related.map((r) => r.id)].map(contentTag),
      });
      const { body, headers } = encodedBody(entry, encodingFor(request.headers["accept-encoding"]));
      return reply
        .headers(headers)
        .header("x-cache", "miss")
        .send(body as never);
    },
  );

  app.get(
    "/peony/v1/content",
    {
      schema: {
        tags: ["content"],
        summary: "A page of content, newest first, optionally of one group (gid)",
        querystring: ContentListQuery,
        response: { 200: Envelope(ContentList), "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
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
    },
  );
};
