import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { repositoryPlugin } from "../../lib/repository-plugin.ts";
import { lawDb } from "./tables.ts";

const published = 0;

/** Legal questions and lawyers' answers, as the share page reads them (decision 035). */
export function createLawRepository(database: Kysely<Database>) {
  const db = lawDb(database);
  return {
    findQuestion: (id: number) =>
      db.selectFrom("law_questions").selectAll().where("id", "=", id).where("state", "=", published).executeTakeFirst(),

    async answerCount(questionId: number): Promise<number> {
      const row = await db
        .selectFrom("law_answers")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("question_id", "=", questionId)
        .where("state", "=", published)
        .executeTakeFirst();
      return Number(row?.n ?? 0);
    },

    async solved(questionId: number): Promise<boolean> {
      const row = await db
        .selectFrom("law_answers")
        .select("id")
        .where("question_id", "=", questionId)
        .where("state", "=", published)
        .where("accepted", "=", 1)
        .executeTakeFirst();
      return row !== undefined;
    },

    /** A page of answers with their lawyers: the accepted one first, then by likes, then the earliest. */
    answers: (questionId: number, offset: number, limit: number) =>
      db
        .selectFrom("law_answers as a")
        .innerJoin("lawyers as l", "l.id", "a.lawyer_id")
        .select([
          "a.id",
          "a.body",
          "a.accepted",
          "a.like_count",
          "a.created_at",
          "l.id as lawyer_id",
          "l.name",
          "l.title",
          "l.firm",
          "l.avatar",
        ])
        .where("a.question_id", "=", questionId)
        .where("a.state", "=", published)
        .orderBy("a.accepted", "desc")
        .orderBy("a.like_count", "desc")
        .orderBy("a.id", "asc")
        .offset(offset)
        .limit(limit)
        .execute(),
  };
}

export type LawRepository = ReturnType<typeof createLawRepository>;

declare module "fastify" {
  interface FastifyInstance {
    /** Law Q&A (fazak): questions, answers and lawyers (modules/law). */
    law: LawRepository;
  }
}

export const lawPlugin = repositoryPlugin("law", "law", (app: FastifyInstance) => createLawRepository(app.database.db));
