import { calls } from "@davmu/contracts/calls";
import type { FastifyInstance } from "fastify";
import { notFound } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";
import { toRelatedItem } from "../content/present.ts";
import {
  presentDetail,
  presentReporter,
  presentReporterDetail,
  presentSummary,
  presentTopic,
  type ReportRow,
} from "./present.ts";

/**
 * Clue reports (dejin, R-ENT-OTHER): a report's detail, the recommended topics, a topic's channel
 * list sorted by view_sum 10 at a time, and a reporter's profile, clues, mentions and news items.
 */
export async function clueReportRoutes(app: FastifyInstance) {
  const queries = app.clueReports;
  const codec = app.publicIds;
  const links = app.contentLinks;
  const origin = links.publicOrigin;

  const missingReport = () => notFound("报料不存在或已撤回");
  const missingReporter = () => notFound("记者不存在");

  async function summaries(rows: ReportRow[]) {
    const topics = await queries.topicsOf(rows.map((r) => r.id));
    return rows.map((row) => presentSummary(row, topics.get(row.id) ?? [], codec));
  }

  const requireReporter = (publicId: string) =>
    app.publicIds.require(publicId, (id) => queries.reporter(id), missingReporter);

  route(app, calls.clueReport, async (request) => {
    const row = await app.publicIds.require(request.params.id, (id) => queries.report(id), missingReport);
    const views = await queries.countView(row.id);
    if (views === null) throw missingReport();
    const [topics, mentions, posts, handler] = await Promise.all([
      queries.topicsOf([row.id]),
      queries.mentionsOf(row.id),
      queries.reportPosts(row.id),
      row.handler_id === null ? undefined : queries.reporter(row.handler_id),
    ]);
    const detail = presentDetail(
      { ...row, view_sum: views },
      {
        topics: topics.get(row.id) ?? [],
        handler: handler ? presentReporter(handler, codec) : null,
        mentions: mentions.map((m) => presentReporter(m, codec)),
        related_posts: posts.map((p) => toRelatedItem(p, links)),
      },
      codec,
      origin,
    );
    return { code: 0, msg: "ok", data: detail };
  });

  route(app, calls.clueRecommendTopics, async () => {
    const rows = await queries.recommendedTopics();
    const stats = await queries.topicStats(rows.map((r) => r.name));
    return { code: 0, msg: "ok", data: { list: rows.map((r) => presentTopic(r, stats.get(r.name), origin)) } };
  });

  route(app, calls.clueTopic, async (request) => {
    const name = request.params.name;
    const row = await queries.topic(name);
    if (!row) throw notFound("话题不存在");
    const { page, limit } = request.query;
    const sort = request.query.sort ?? "view_sum";
    const [stats, list] = await Promise.all([
      queries.topicStats([name]),
      queries.topicReports(name, sort, (page - 1) * limit, limit),
    ]);
    return {
      code: 0,
      msg: "ok",
      data: {
        topic: presentTopic(row, stats.get(name), origin),
        sort,
        list: await summaries(list.rows),
        total: list.total,
        page,
        limit,
      },
    };
  });

  route(app, calls.clueReporter, async (request) => {
    const row = await requireReporter(request.params.id);
    const counts = await queries.reporterCounts(row.id);
    return { code: 0, msg: "ok", data: presentReporterDetail(row, counts, codec, origin) };
  });

  route(app, calls.clueReporterClues, async (request) => {
    const row = await requireReporter(request.params.id);
    const { page, limit } = request.query;
    const list = await queries.handledBy(row.id, (page - 1) * limit, limit);
    return { code: 0, msg: "ok", data: { list: await summaries(list.rows), total: list.total, page, limit } };
  });

  route(app, calls.clueReporterMentions, async (request) => {
    const row = await requireReporter(request.params.id);
    const { page, limit } = request.query;
    const list = await queries.mentioning(row.id, (page - 1) * limit, limit);
    return { code: 0, msg: "ok", data: { list: await summaries(list.rows), total: list.total, page, limit } };
  });

  route(app, calls.clueReporterPosts, async (request) => {
    const row = await requireReporter(request.params.id);
    const { page, limit } = request.query;
    const list = await queries.reporterPosts(row.id, (page - 1) * limit, limit);
    return {
      code: 0,
      msg: "ok",
      data: { list: list.rows.map((r) => toRelatedItem(r, links)), total: list.total, page, limit },
    };
  });
}
