import type { AnyDb } from "./dialect.ts";

/**
 * When an editor account's last wrong password was (`failed_at`, epoch ms; 0 for none since this
 * migration): a count last added to a day ago or more, with no lock holding, is forgotten at the next
 * try, as a name without an account's is (decision 100). A count kept from before this migration is
 * forgotten at its next try.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .alterTable("editors")
    .addColumn("failed_at", "bigint", (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("editors").dropColumn("failed_at").execute();
}
