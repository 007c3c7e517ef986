import type { Generated } from "kysely";

/** A stored picture of a tip (the shared picture store's). */
export type { StoredPicture } from "../../lib/pictures.ts";

/** The table of migration 014, typed here beside the only code that reads it. */
export type TipsTable = {
  id: Generated<number>;
  receipt: string;
  user_id: number;
  body: string;
  place: string;
  contact: string;
  /** StoredPicture[] as JSON */
  pictures_json: string;
  status: "received" | "accepted" | "rejected" | "published";
  reason: string;
  clue_report_id: string | null;
  /** The editor who last moved it (migration 020). */
  handled_by: number | null;
  created_at: number;
  updated_at: number;
};

export type TipTables = {
  tips: TipsTable;
};
