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
import type { Config } from "../../plugins/config.ts";
import { type LinkContext, toContentItem, toRelatedItem } from "./present.ts";
import { createContentRepository } from "./repository.ts";

export const contentRoutes: FastifyPluginAsyncTypebox<{ config: Config; codec: PublicIdCodec }> = async (
  app,
  { config, codec },
) => {
  const repository = createContentRepository(app.database.db);
  const links: LinkContext = { codec, publicOrigin: config.publicOrigin, siteActor: config.siteActor };
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
    async (request) => {
      const id = codec.decode(request.params.id);
      const row = id === null ? undefined : await repository.findById(id);
      if (!row || unavailableStates.includes(row.state)) {
        throw notFound("内容不存在或已下线", ErrorCode.contentUnavailable);
      }
      const [related, mp] = await Promise.all([
        repository.relatedTo(row.id, unavailableStates),
        row.mp_id === null ? null : repository.findMediaAccount(row.mp_id),
      ]);
      return { code: 0, msg: "ok", data: toContentItem(row, related, mp ?? null, links) };
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
