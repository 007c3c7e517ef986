import type { AnyDb } from "./dialect.ts";

/**
 * Report comments and live chat messages moderated like comments (R-MOD-2): who last handled one, so
 * that a second moderator learns who did; their status may now also be "rejected" or "deleted".
 */
export async function up(db: AnyDb): Promise<void> {
  await db.schema.alterTable("clue_report_comments").addColumn("handled_by", "integer").execute();
  await db.schema.alterTable("live_messages").addColumn("handled_by", "integer").execute();
}

export async function down(db: AnyDb): Promise<void> {
  await db.schema.alterTable("live_messages").dropColumn("handled_by").execute();
  await db.schema.alterTable("clue_report_comments").dropColumn("handled_by").execute();
}
