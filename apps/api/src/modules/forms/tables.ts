import type { Generated, Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";

/** The tables of migration 016, typed here beside the only code that reads them. */
export type FormTables = {
  cloud_forms: {
    content_id: number;
    fields_json: string;
    login_required: number;
    deadline: number | null;
    closed: number;
    updated_at: number;
  };
  cloud_form_submissions: {
    id: Generated<number>;
    content_id: number;
    /** `user:{id}`, or for an anonymous answer `device:{id}` (or `token:{session}` without a device id) */
    visitor: string;
    user_id: number | null;
    answers_json: string;
    created_at: number;
  };
};

export type FormDb = Kysely<Database & FormTables>;
export type FormRow = FormTables["cloud_forms"];
