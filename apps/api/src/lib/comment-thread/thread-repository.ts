import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import type { ThreadStore } from "./posting.ts";

/** Any table of a thread's texts, seen through the three columns the rules read. */
type TextTables = Record<string, { user_id: number; body: string; created_at: number }>;

/** The texts an author posted in a thread's table after `since` (epoch ms), for the posting rules. */
export function recentTexts(
  db: Kysely<Database>,
  store: ThreadStore,
  author: number,
  since: number,
): Promise<{ body: string }[]> {
  return (db as unknown as Kysely<TextTables>)
    .selectFrom(store.table)
    .select("body")
    .where("user_id", "=", author)
    .where("created_at", ">", since)
    .execute();
}

/** The editors' banned and masked words as stored (settings.moderation_rules), or undefined. */
export async function storedModerationRules(db: Kysely<Database>): Promise<string | undefined> {
  const row = await db.selectFrom("settings").select("value").where("key", "=", "moderation_rules").executeTakeFirst();
  return row?.value;
}
