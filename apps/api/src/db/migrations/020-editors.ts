import { sql } from "kysely";
import { type AnyDb, isPostgres, withId } from "./dialect.ts";

/**
 * The newsroom's own accounts (R-CONSOLE-1..3): editors with their role, password hash, TOTP and
 * lockout counters; their sessions (only a hash of each session id is stored); the audit trail,
 * which the database itself refuses to change or delete; and who last handled a comment or a tip
 * (R-CONSOLE-5).
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable("editors"))
    .addColumn("email", "text", (c) => c.notNull().unique())
    .addColumn("name", "text", (c) => c.notNull())
    .addColumn("role", "text", (c) => c.notNull())
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("totp_secret", "text")
    .addColumn("totp_enabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("totp_required", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("totp_last_step", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("disabled", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("failed_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();

  await withId(db, db.schema.createTable("editor_sessions"))
    .addColumn("token_hash", "text", (c) => c.notNull().unique())
    .addColumn("editor_id", "integer", (c) => c.notNull().references("editors.id").onDelete("cascade"))
    .addColumn("ip", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addColumn("last_seen_at", "bigint", (c) => c.notNull())
    .addColumn("expires_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("editor_sessions_editor").on("editor_sessions").columns(["editor_id", "id"]).execute();

  await withId(db, db.schema.createTable("editor_audit"))
    .addColumn("at", "bigint", (c) => c.notNull())
    .addColumn("editor_id", "integer")
    .addColumn("ip", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("user_agent", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("action", "text", (c) => c.notNull())
    .addColumn("target", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("before_json", "text")
    .addColumn("after_json", "text")
    .execute();
  await db.schema.createIndex("editor_audit_editor").on("editor_audit").columns(["editor_id", "id"]).execute();
  await db.schema.createIndex("editor_audit_action").on("editor_audit").columns(["action", "id"]).execute();
  await db.schema.createIndex("editor_audit_at").on("editor_audit").columns(["at"]).execute();

  // the audit trail is append-only in the database too: an UPDATE or DELETE of a row fails
  if (isPostgres(db)) {
    await sql`create function editor_audit_append_only() returns trigger language plpgsql as $$
      begin raise exception 'editor_audit is append-only'; end $$`.execute(db);
    await sql`create trigger editor_audit_no_change before update or delete on editor_audit
      for each row execute function editor_audit_append_only()`.execute(db);
  } else {
    await sql`create trigger editor_audit_no_update before update on editor_audit
      begin select raise(abort, 'editor_audit is append-only'); end`.execute(db);
    await sql`create trigger editor_audit_no_delete before delete on editor_audit
      begin select raise(abort, 'editor_audit is append-only'); end`.execute(db);
  }

  await db.schema.alterTable("comments").addColumn("handled_by", "integer").execute();
  await db.schema.alterTable("tips").addColumn("handled_by", "integer").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("tips").dropColumn("handled_by").execute();
  await db.schema.alterTable("comments").dropColumn("handled_by").execute();
  if (isPostgres(db)) {
    await db.schema.dropTable("editor_audit").execute();
    await sql`drop function editor_audit_append_only()`.execute(db);
  } else {
    await db.schema.dropTable("editor_audit").execute();
  }
  await db.schema.dropTable("editor_sessions").execute();
  await db.schema.dropTable("editors").execute();
}
