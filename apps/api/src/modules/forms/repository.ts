import type { FormAnswers, FormField } from "@davmu/contracts/form-rules";
import type { FastifyInstance } from "fastify";
import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { repositoryPlugin } from "../../lib/repository-plugin.ts";
import type { FormRow, FormTables } from "./tables.ts";

export interface FormDefinition {
  fields: FormField[];
  login_required: boolean;
  /** epoch ms, or null for none */
  deadline: number | null;
  closed: boolean;
}

export type FormState = "open" | "closed" | "ended";

export function formState(row: FormRow, now: number): FormState {
  if (row.closed === 1) return "closed";
  return row.deadline !== null && Number(row.deadline) <= now ? "ended" : "open";
}

export function fieldsOf(row: FormRow): FormField[] {
  return JSON.parse(row.fields_json) as FormField[];
}

export interface StoredSubmission {
  id: number;
  user_id: number | null;
  answers: FormAnswers;
  created_at: number;
}

export function createFormRepository(database: Kysely<Database>) {
  const db = database.withTables<FormTables>();
  return {
    find: (contentId: number) =>
      db.selectFrom("cloud_forms").selectAll().where("content_id", "=", contentId).executeTakeFirst(),

    save(contentId: number, definition: FormDefinition, now = Date.now()): Promise<FormRow> {
      const values = {
        fields_json: JSON.stringify(definition.fields),
        login_required: definition.login_required ? 1 : 0,
        deadline: definition.deadline,
        closed: definition.closed ? 1 : 0,
        updated_at: now,
      };
      return db
        .insertInto("cloud_forms")
        .values({ content_id: contentId, ...values })
        .onConflict((oc) => oc.column("content_id").doUpdateSet(values))
        .returningAll()
        .executeTakeFirstOrThrow();
    },

    async submitted(contentId: number, visitor: string): Promise<boolean> {
      const row = await db
        .selectFrom("cloud_form_submissions")
        .select("id")
        .where("content_id", "=", contentId)
        .where("visitor", "=", visitor)
        .executeTakeFirst();
      return row !== undefined;
    },

    async count(contentId: number): Promise<number> {
      const { n } = await db
        .selectFrom("cloud_form_submissions")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .where("content_id", "=", contentId)
        .executeTakeFirstOrThrow();
      return Number(n);
    },

    /**
     * Records one answer; false when this visitor already answered. The unique (form, visitor) key
     * decides, in the one insert, so parallel posts from one visitor leave exactly one row.
     */
    async submit(contentId: number, visitor: string, userId: number | null, answers: FormAnswers, now = Date.now()) {
      const result = await db
        .insertInto("cloud_form_submissions")
        .values({
          content_id: contentId,
          visitor,
          user_id: userId,
          answers_json: JSON.stringify(answers),
          created_at: now,
        })
        .onConflict((oc) => oc.columns(["content_id", "visitor"]).doNothing())
        .executeTakeFirst();
      return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
    },

    /** Answers newest first; all of them when no page is given. */
    async list(contentId: number, page?: { offset: number; limit: number }): Promise<StoredSubmission[]> {
      let query = db
        .selectFrom("cloud_form_submissions")
        .select(["id", "user_id", "answers_json", "created_at"])
        .where("content_id", "=", contentId)
        .orderBy("id", "desc");
      if (page) query = query.offset(page.offset).limit(page.limit);
      const rows = await query.execute();
      return rows.map((row) => ({
        id: Number(row.id),
        user_id: row.user_id === null ? null : Number(row.user_id),
        answers: JSON.parse(row.answers_json) as FormAnswers,
        created_at: Number(row.created_at),
      }));
    },
  };
}

export type FormRepository = ReturnType<typeof createFormRepository>;

declare module "fastify" {
  interface FastifyInstance {
    /** Cloud forms (modules/forms): the forms and their submissions. */
    forms: FormRepository;
  }
}

export const formsPlugin = repositoryPlugin("forms", "forms", (app: FastifyInstance) =>
  createFormRepository(app.database.db),
);
