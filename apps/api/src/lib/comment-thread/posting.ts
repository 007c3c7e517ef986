import type { Kysely, Transaction } from "kysely";
import { withKeyLocks } from "../../db/locks.ts";
import type { Database } from "../../db/schema.ts";
import { recentTexts } from "./thread-repository.ts";

/** How much one author may post: at most `max` texts since `since` (epoch ms). */
export interface PostingWindow {
  since: number;
  max: number;
}

/**
 * Why a text is refused before it is recorded: too many within the window, the same text again, or
 * its author banned by a moderator (R-MOD-2).
 */
export type Refusal = "rate" | "duplicate" | "blocked";

/**
 * Why a new text is refused, given what its author posted within the window (R-SEC-RATE, R-MOD-1):
 * `rate` when they posted `max` already, `duplicate` for the same text again, else null.
 */
export function postingRefusal(
  recent: readonly { body: string }[],
  body: string,
  window: PostingWindow,
): Refusal | null {
  if (recent.length >= window.max) return "rate";
  return recent.some((r) => r.body === body) ? "duplicate" : null;
}

/**
 * Where a use of the thread keeps its texts: a table with the author (`user_id`), the text (`body`)
 * and its time (`created_at`, epoch ms) on every row, and the name of the lock taken per author.
 */
export interface ThreadStore {
  table: string;
  lock: string;
}

/** A text to record: its author's user id, the text as stored, and its time (epoch ms). */
export interface NewText {
  author: number;
  body: string;
  at: number;
}

/**
 * Records a text unless its author is over the window's count or posted the same text within it
 * (R-SEC-RATE, R-MOD-1). Reading the author's recent texts and `write` run in one transaction that
 * holds the author's lock (withKeyLocks), so parallel posts cannot pass the limit or the duplicate
 * rule together, on any instance sharing the database. What `write` throws rolls it all back.
 */
export async function recordUnderLimits<T>(
  db: Kysely<Database>,
  store: ThreadStore,
  text: NewText,
  window: PostingWindow,
  write: (tx: Transaction<Database>) => Promise<T>,
  blocked: (tx: Transaction<Database>, author: number) => Promise<boolean> = async () => false,
): Promise<{ refused: Refusal } | { recorded: T }> {
  const { author, body } = text;
  return withKeyLocks(db, [`${store.lock}:user:${author}`], async (tx) => {
    if (await blocked(tx, author)) return { refused: "blocked" as const };
    const recent = await recentTexts(tx, store, author, window.since);
    const refused = postingRefusal(recent, body, window);
    if (refused) return { refused };
    return { recorded: await write(tx) };
  });
}
