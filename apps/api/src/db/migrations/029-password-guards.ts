import { sql } from "kysely";
import { type AnyDb, withId } from "./dialect.ts";

/**
 * Wrong passwords are counted per name tried (a visitor's phone number, `editor:` and an editor's
 * email), whether or not an account with a password has it: a lock (423) no longer tells which do
 * (ASVS 6.3.8). Visitors' counts move from `users` (migration 027) to `password_guards`, one row per
 * subject tried; the housekeeping removes rows a day after their last try once no lock holds.
 */
export async function up(db: AnyDb): Promise<void> {
  await withId(db, db.schema.createTable("password_guards"))
    .addColumn("subject", "text", (c) => c.notNull().unique())
    .addColumn("failures", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", "bigint", (c) => c.notNull().defaultTo(0))
    .addColumn("touched_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema.createIndex("password_guards_touched").on("password_guards").columns(["touched_at"]).execute();
  const now = Date.now();
  await sql`insert into password_guards (subject, failures, locked_until, touched_at)
    select phone, password_failures, password_locked_until, ${now} from users
    where phone is not null and (password_failures > 0 or password_locked_until > 0)`.execute(db);
  await db.schema.alterTable("users").dropColumn("password_locked_until").execute();
  await db.schema.alterTable("users").dropColumn("password_failures").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("password_failures", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("password_locked_until", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
  await sql`update users set
    password_failures = coalesce((select g.failures from password_guards g where g.subject = users.phone), 0),
    password_locked_until = coalesce((select g.locked_until from password_guards g where g.subject = users.phone), 0)`.execute(
    db,
  );
  await db.schema.dropTable("password_guards").execute();
}
