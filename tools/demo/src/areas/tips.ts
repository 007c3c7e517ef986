import type { Database } from "@davmu/api/db/schema";
import type { StoredPicture, TipTables } from "@davmu/api/modules/tips/tables";
import type { Kysely } from "kysely";

const hour = 60 * 60 * 1000;

/** The demo tips' pictures, drawn by tools/demo/src/media/tip-pictures.ts and committed under the media directory. */
const road: StoredPicture = { path: "tips/demo/manhole-road.jpg", width: 1600, height: 1200 };
const street: StoredPicture = { path: "tips/demo/dark-street.jpg", width: 1200, height: 1600 };

/** Two tips waiting in the editors' queue (R-TIP-1), sent by demo readers, each with pictures. */
export const demoTips = [
  {
    receipt: "JL7QH2WX",
    phone: "13800138001",
    body: "滨江大道与江澜路交叉口东侧的井盖松动翘起，汽车压过去会哐当一声，今天早上有位骑电动车的阿姨差点在这里摔倒。附近有施工单位放了一个锥桶，但晚上看不太清，希望有关部门尽快来修。",
    place: "滨江大道与江澜路交叉口",
    contact: "微信 jl_reader01",
    pictures: [road],
    hoursAgo: 3,
  },
  {
    receipt: "KM4TD9RB",
    phone: "13800138003",
    body: "老城区梧桐巷的两盏路灯坏了快一个月了，一到晚上整条巷子黑漆漆的，巷子里住的多是老人，晚上出门买药、倒垃圾都很不方便。已经打过一次热线，还没有人来修。",
    place: "老城区梧桐巷",
    contact: "",
    pictures: [street, road],
    hoursAgo: 20,
  },
];

/** Seeds the demo tips by their fixed receipts (idempotent: a second run puts them back as they were). */
export async function seedDemoTips(database: Kysely<Database>, now = Date.now()): Promise<number> {
  const db = database.withTables<TipTables>();
  let seeded = 0;
  for (const tip of demoTips) {
    const user = await db.selectFrom("users").select("id").where("phone", "=", tip.phone).executeTakeFirst();
    if (!user) continue;
    const at = now - tip.hoursAgo * hour;
    const values = {
      user_id: user.id,
      body: tip.body,
      place: tip.place,
      contact: tip.contact,
      pictures_json: JSON.stringify(tip.pictures),
      status: "received" as const,
      reason: "",
      clue_report_id: null,
      created_at: at,
      updated_at: at,
    };
    await db
      .insertInto("tips")
      .values({ receipt: tip.receipt, ...values })
      .onConflict((oc) => oc.column("receipt").doUpdateSet(values))
      .execute();
    seeded += 1;
  }
  return seeded;
}
