import type { Database } from "@davmu/api/db/schema";
import { createActivityRepository } from "@davmu/api/modules/activities/repository";
import type { Kysely } from "kysely";

const day = 24 * 60 * 60 * 1000;
const iso = (ms: number) => new Date(ms).toISOString();

/**
 * The demo activities (R-ACT-1): an open one on demo article 07 (sign-up for a week, 200 places) and a
 * closed one on article 09 (its deadline passed yesterday).
 */
export async function seedDemoActivities(db: Kysely<Database>, now = Date.now()): Promise<void> {
  const activities = createActivityRepository(db);
  const items = await db
    .selectFrom("contents")
    .select(["id", "external_id"])
    .where("external_id", "in", ["demo-article-07", "demo-article-09"])
    .execute();
  for (const item of items) {
    const open = item.external_id === "demo-article-07";
    await activities.save(
      item.id,
      open
        ? {
            place: "江澜湿地公园东门游客中心",
            starts_at: iso(now + 10 * day),
            ends_at: iso(now + 10 * day + 3 * 60 * 60 * 1000),
            deadline: iso(now + 7 * day),
            capacity: 200,
          }
        : {
            place: "江澜市图书馆一楼报告厅",
            starts_at: iso(now + 2 * day),
            ends_at: iso(now + 2 * day + 2 * 60 * 60 * 1000),
            deadline: iso(now - day),
            capacity: 80,
          },
      now,
    );
  }
}
