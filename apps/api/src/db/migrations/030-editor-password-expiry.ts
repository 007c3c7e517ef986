import { sql } from "kysely";
import type { AnyDb } from "./dialect.ts";

/**
 * A one-time password (migration 028) expires: `password_expires_at` says when (epoch ms; 0 for a
 * password its owner chose). One handed over before this expires 72 hours after the migration, as a
 * new one does after it is made. And a session holds the account's `password_version` it began under:
 * every change or reset of the password adds one, so a login that checked the old password while a
 * reset was being made never yields a working session.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("editors")
    .addColumn("password_expires_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("editors")
    .addColumn("password_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("editor_sessions")
    .addColumn("password_version", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  const expires = Date.now() + 72 * 60 * 60 * 1000;
  await sql`update editors set password_expires_at = ${expires} where password_one_time = 1`.execute(db);
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("editor_sessions").dropColumn("password_version").execute();
  await db.schema.alterTable("editors").dropColumn("password_version").execute();
  await db.schema.alterTable("editors").dropColumn("password_expires_at").execute();
}
