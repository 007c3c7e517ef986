import type { AnyDb } from "./dialect.ts";

/**
 * An editor's password handed over by someone else (an admin's invitation, the CLI's printed one) is
 * one-time: until its owner replaces it, the account's sessions may only change it, enrol TOTP, read
 * their own account and log out. Accounts made before this keep the password they have.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("editors")
    .addColumn("password_one_time", "integer", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("editors").dropColumn("password_one_time").execute();
}
