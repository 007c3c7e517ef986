import type { Kysely } from "kysely";
import type { Database } from "../../db/schema.ts";
import { createClueReport } from "../clue-reports/repository.ts";
import { presentPicture } from "./present.ts";
import { type TipRow, tipPictures } from "./repository.ts";

/**
 * A clue report's title from the tip's text when the editor gives none: its first sentence; a
 * longer one ends at its last pause (，；、) within 30 characters, else is cut there with "…".
 */
export function titleFromText(text: string): string {
  const first = text.split(/[。！？!?\n]/)[0]?.trim() || text.trim();
  const chars = Array.from(first);
  if (chars.length <= 30) return first;
  const head = chars.slice(0, 30);
  const pause = Math.max(head.lastIndexOf("，"), head.lastIndexOf("；"), head.lastIndexOf("、"), head.lastIndexOf(","));
  return pause >= 8 ? head.slice(0, pause).join("") : `${head.join("")}…`;
}

/**
 * Publishes a tip as a clue report (R-TIP-1), in the moderation's transaction: the text, place and
 * pictures as the sender gave them, under the sender's alias (never their contact), a topic when the
 * editor names one. Answers the report's id.
 */
export async function publishTipAsClueReport(
  trx: Kysely<Database>,
  tip: TipRow,
  sender: { alias: string; avatar: string },
  options: { title?: string; topic?: string },
): Promise<number> {
  const { id } = await createClueReport(trx, {
    title: options.title?.trim() || titleFromText(tip.body),
    content: tip.body,
    author: { alias: sender.alias, avatar: sender.avatar, userId: Number(tip.user_id) },
    location: tip.place,
    pictures: tipPictures(tip).map((picture) => {
      const { url, width, height } = presentPicture(picture);
      return { url, width, height };
    }),
    topics: options.topic ? [options.topic] : [],
    reportedAt: Number(tip.created_at),
  });
  return id;
}
