import type { AnyDb } from "./dialect.ts";

/**
 * Visitors' password logins are counted per account, as editors' are (migration 020): wrong passwords
 * from any number of addresses lock the account's password login for a while that grows with every
 * further failure. Logging in by SMS code is not locked by it.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("users")
    .addColumn("password_failures", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable("users")
    .addColumn("password_locked_until", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("users").dropColumn("password_locked_until").execute();
  await db.schema.alterTable("users").dropColumn("password_failures").execute();
}
