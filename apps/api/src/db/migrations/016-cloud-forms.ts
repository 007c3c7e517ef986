import { type AnyDb, withId } from "./dialect.ts";

/**
 * Cloud forms (R-FORM-1): a cloud_form item's definition (fields as JSON, login, deadline, closed)
 * and its answers, one per visitor: the unique (form, visitor) key refuses a second, whichever
 * instance or connection it arrives on.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("cloud_forms")
    .addColumn("content_id", "integer", (c) => c.primaryKey().references("contents.id").onDelete("cascade"))
    .addColumn("fields_json", "text", (c) => c.notNull())
    .addColumn("login_required", "integer", (c) => c.notNull())
    .addColumn("deadline", "bigint")
    .addColumn("closed", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await withId(db, db.schema.createTable("cloud_form_submissions"))
    .addColumn("content_id", "integer", (c) => c.notNull().references("contents.id").onDelete("cascade"))
    .addColumn("visitor", "text", (c) => c.notNull())
    .addColumn("user_id", "integer", (c) => c.references("users.id").onDelete("set null"))
    .addColumn("answers_json", "text", (c) => c.notNull())
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addUniqueConstraint("cloud_form_submissions_visitor", ["content_id", "visitor"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("cloud_form_submissions").execute();
  await db.schema.dropTable("cloud_forms").execute();
}
