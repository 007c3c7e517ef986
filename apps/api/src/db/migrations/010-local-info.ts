import type { AnyDb } from "./dialect.ts";

/**
 * Local information (R-LBS-1): the city a local channel covers and its weather, both kept by the
 * editors (nothing is fetched from the internet). Keyed by the channel's group id.
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema
    .createTable("local_info")
    .addColumn("group_id", "text", (c) => c.primaryKey())
    .addColumn("city", "text", (c) => c.notNull())
    .addColumn("province", "text", (c) => c.notNull().defaultTo(""))
    .addColumn("weather_json", "text")
    .addColumn("updated_at", "bigint", (c) => c.notNull())
    .execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.dropTable("local_info").execute();
}
