import { calls } from "@davmu/contracts/calls";
import { unavailableStates } from "@davmu/contracts/content";
import { searchMaxPage } from "@davmu/contracts/limits";
import type { FastifyInstance } from "fastify";
import { badRequest } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";
import { queryTerms } from "../../lib/search-terms.ts";
import { toRelatedItem } from "../content/present.ts";

/** Search by title and the hot words shown before a search. */
export async function searchRoutes(app: FastifyInstance) {
  const repository = app.searchIndex;
  const links = app.contentLinks;

  route(app, calls.hotWords, async () => {
    const rows = await repository.hotWords();
    return { code: 0, msg: "ok", data: { list: rows.map((r, i) => ({ word: r.word, rank: i + 1 })) } };
  });

  route(app, calls.search, async (request) => {
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
  });
}
