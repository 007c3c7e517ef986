import type { Generated, Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** The law Q&A tables of migration 015 (decision 035), typed beside the only code that reads them. */
export type LawTables = {
  lawyers: { id: Generated<number>; key: string; name: string; title: string; firm: string; avatar: string };
  law_questions: {
    id: Generated<number>;
    key: string;
    title: string;
    body: string;
    category: string;
    /** stored as shown: the asker chose how to be named */
    asker_alias: string;
    asker_avatar: string;
    view_count: number;
    /** 0 published; anything else is not shown */
    state: number;
    created_at: number;
  };
  law_answers: {
    id: Generated<number>;
    key: string;
    question_id: number;
    lawyer_id: number;
    body: string;
    /** 1 on the answer the asker accepted (a partial unique index keeps it to one per question) */
    accepted: number;
    like_count: number;
    state: number;
    created_at: number;
  };
};

export type LawDb = Kysely<Database & LawTables>;

export function lawDb(db: Kysely<Database>): LawDb {
  return db.withTables<LawTables>();
}
