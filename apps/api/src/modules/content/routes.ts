import {
  ContentIdParams,
  ContentItem,
  ContentList,
  ContentListQuery,
  unavailableStates,
} from "@davmu/contracts/content";
import { Envelope, ErrorEnvelope } from "@davmu/contracts/envelope";
import { ErrorCode } from "@davmu/contracts/error-codes";
import type { PublicIdCodec } from "@davmu/contracts/public-id";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { notFound } from "../../lib/api-error.ts";
import { createResponseCache, encodedBody, negotiateEncoding } from "../../lib/response-cache.ts";
import type { Config } from "../../plugins/config.ts";
import { type LinkContext, toContentItem, toRelatedItem } from "./present.ts";

/** How long an anonymous content answer is reused; changes made through `app.contents` drop it at once. */
export const contentCacheTtlMs = 10_000;
const contentTag = (id: number) => `content:${id}`;

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

  app.get(
    "/inner/static/content/:id",
    {
      schema: {
        tags: ["content"],
        summary: "A content item by its public id",
        params: ContentIdParams,
        response: { 200: Envelope(ContentItem), "4xx": ErrorEnvelope },
      },
    },
    async (request, reply) => {
      const cacheable = request.session?.kind === "anonymous";
      const cached = cacheable ? cache.get(request.url) : undefined;
      if (cached) {
        const { body, headers } = encodedBody(cached, negotiateEncoding(request.headers["accept-encoding"]));
        return reply
          .headers(headers)
          .header("x-cache", "hit")
          .send(body as never);
      }
      const id = codec.decode(request.params.id);
      const row = id === null ? undefined : await repository.findById(id);
      if (!row || unavailableStates.includes(row.state)) {
        throw notFound("内容不存在或已下线", ErrorCode.contentUnavailable);
      }
      const [related, mp] = await Promise.all([
        repository.relatedTo(row.id, unavailableStates),
        row.mp_id === null ? null : repository.findMediaAccount(row.mp_id),
      ]);
      const answer = { code: 0, msg: "ok", data: toContentItem(row, related, mp ?? null, links) };
      if (!cacheable) return answer;
      const entry = cache.set(request.url, {
        status: 200,
        headers: { "content-type": "application/json; charset=utf-8" },
        body: Buffer.from(reply.serialize(answer) as string),
        tags: [row.id, ...related.map((r) => r.id)].map(contentTag),
      });
      const { body, headers } = encodedBody(entry, negotiateEncoding(request.headers["accept-encoding"]));
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
