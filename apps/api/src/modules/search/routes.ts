import { unavailableStates } from "@davmu/contracts/content";
import { Envelope, ErrorEnvelope } from "@davmu/contracts/envelope";
import { searchMaxPage } from "@davmu/contracts/limits";
import type { PublicIdCodec } from "@davmu/contracts/public-id";
import { HotWords, SearchQuery, SearchResult } from "@davmu/contracts/search";
import type { FastifyPluginAsyncTypebox } from "@fastify/type-provider-typebox";
import { badRequest } from "../../lib/api-error.ts";
import type { Config } from "../../plugins/config.ts";
import { type LinkContext, toRelatedItem } from "../content/present.ts";
import { createSearchRepository } from "./repository.ts";
import { queryTerms } from "./terms.ts";

export const searchRoutes: FastifyPluginAsyncTypebox<{ config: Config; codec: PublicIdCodec }> = async (
  app,
  { config, codec },
) => {
  const repository = createSearchRepository(app.database.db);
  const links: LinkContext = { codec, publicOrigin: config.publicOrigin, siteActor: config.siteActor };
  app.addHook("onRequest", app.requireSession);

  app.get(
    "/peony/v1/search/hot-words",
    {
      schema: {
        tags: ["search"],
        summary: "Hot words shown before a search, in editors' order",
        response: { 200: Envelope(HotWords), "4xx": ErrorEnvelope },
      },
    },
    async () => {
      const rows = await repository.hotWords();
      return { code: 0, msg: "ok", data: { list: rows.map((r, i) => ({ word: r.word, rank: i + 1 })) } };
    },
  );

  app.get(
    "/peony/v1/search",
    {
      schema: {
        tags: ["search"],
        summary: "Published content whose title holds the keyword, newest first",
        querystring: SearchQuery,
        response: { 200: Envelope(SearchResult), "4xx": ErrorEnvelope },
      },
    },
    async (request) => {
      const keyword = request.query.keyword.trim();
      if (!keyword) throw badRequest("请输入搜索关键词");
      if (queryTerms(keyword).length === 0) throw badRequest("搜索关键词需包含文字或数字");
      const { page, size } = request.query;
      const { rows, total } = await repository.search({
        keyword,
        offset: (page - 1) * size,
        limit: size + 1,
        countUpTo: searchMaxPage * size,
        hidden: unavailableStates,
      });
      const list = rows.slice(0, size).map((r) => toRelatedItem(r, links));
      return {
        code: 0,
        msg: "ok",
        data: { keyword, list, total, page, size, has_more: rows.length > size && page < searchMaxPage },
      };
    },
  );
};
