import type { AnyDb } from "./dialect.ts";

/**
 * Activities (R-ACT-1): an item's time, place, sign-up deadline and capacity, its sign-up count
 * (raised in the same statement that checks deadline and capacity) and who signed up, once each.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("activities")
    .addColumn("content_id", "integer", (c) => c.primaryKey().references("contents.id").onDelete("cascade"))
    .addColumn("place", "text", (c) => c.notNull())
    .addColumn("starts_at", "bigint", (c) => c.notNull())
    .addColumn("ends_at", "bigint", (c) => c.notNull())
    .addColumn("deadline", "bigint", (c) => c.notNull())
    .addColumn("capacity", "integer", (c) => c.notNull())
    .addColumn("signup_count", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
  await db.schema
    .createTable("activity_signups")
    .addColumn("content_id", "integer", (c) => c.notNull().references("contents.id").onDelete("cascade"))
    .addColumn("user_id", "integer", (c) => c.notNull().references("users.id").onDelete("cascade"))
    .addColumn("created_at", "bigint", (c) => c.notNull())
    .addPrimaryKeyConstraint("activity_signups_pk", ["content_id", "user_id"])
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("activity_signups").execute();
  await db.schema.dropTable("activities").execute();
}
