import { calls } from "@davmu/contracts/calls";
import { siteBasePath } from "@davmu/contracts/site-path";
import type { FastifyInstance } from "fastify";
import { notFound } from "../../lib/api-error.ts";
import { route } from "../../lib/route.ts";

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

/** The question's share page (decision 035): the id by query, as the route carries none in its path. */
export const questionLink = (origin: string, id: string) =>
  `${origin}${siteBasePath}/fazak/problemShare/index.html?id=${id}`;

/** Law Q&A (fazak): a question and its answers, both sent without X-Request-Id (spec §7). */
export async function lawRoutes(app: FastifyInstance) {
  const law = app.law;
  const codec = app.publicIds;

  const findQuestion = (publicId: string) =>
    codec.require(
      publicId,
      (id) => law.findQuestion(id),
      () => notFound("问题不存在或已删除"),
    );

  route(app, calls.lawQuestion, async (request) => {
    const question = await findQuestion(request.query.id);
    const [answerCount, solved] = await Promise.all([law.answerCount(question.id), law.solved(question.id)]);
    const id = codec.encode(question.id);
    return {
      code: 0,
      msg: "ok",
      data: {
        id,
        title: question.title,
        content: question.body,
        category: question.category,
        asker: { alias: question.asker_alias, avatar: question.asker_avatar },
        view_count: Number(question.view_count),
        answer_count: answerCount,
        solved,
        created_at: iso(question.created_at),
        share_link: questionLink(app.config.publicOrigin, id),
      },
    };
  });

  route(app, calls.lawAnswers, async (request) => {
    const { page, size } = request.query;
    const question = await findQuestion(request.query.id);
    const total = await law.answerCount(question.id);
    const offset = (page - 1) * size;
    const rows = offset < total ? await law.answers(question.id, offset, size) : [];
    const list = rows.map((row) => ({
      id: codec.encode(row.id),
      content: row.body,
      lawyer: {
        id: codec.encode(row.lawyer_id),
        name: row.name,
        title: row.title,
        firm: row.firm,
        avatar: row.avatar,
      },
      accepted: Number(row.accepted) === 1,
      like_count: Number(row.like_count),
      created_at: iso(row.created_at),
    }));
    return { code: 0, msg: "ok", data: { list, page, size, total, has_more: page * size < total } };
  });
}
