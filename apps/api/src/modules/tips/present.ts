import { siteBase } from "@davmu/contracts/site-path";
import type { EditorTip, TipPicture, TipReceipt } from "@davmu/contracts/tips";
import { type TipRow, tipPictures } from "./repository.ts";
import type { StoredPicture } from "./tables.ts";

const iso = (ms: number) => new Date(Number(ms)).toISOString();

export function presentPicture(picture: StoredPicture): TipPicture {
  const url = `/media/${picture.path}`;
  const stem = url.replace(/\.jpg$/, "");
  return { url, avif: `${stem}.avif`, webp: `${stem}.webp`, width: picture.width, height: picture.height };
}

/** The clue report a published tip became, by its public id. */
export function clueReportLink(row: TipRow, encode: (id: number) => string) {
  if (!row.clue_report_id) return null;
  const id = encode(Number(row.clue_report_id));
  return { id, url: `${siteBase}dejin/detail/${id}/index.html` };
}

/** A receipt: its status for anyone holding the code, the tip's content only for its sender. */
export function presentReceipt(row: TipRow, viewer: number | null, encode: (id: number) => string): TipReceipt {
  const mine = viewer !== null && Number(row.user_id) === viewer;
  const pictures = tipPictures(row);
  return {
    receipt: row.receipt,
    status: row.status,
    reason: row.reason,
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    picture_count: pictures.length,
    mine,
    text: mine ? row.body : "",
    place: mine ? row.place : "",
    pictures: mine ? pictures.map(presentPicture) : [],
    clue_report: clueReportLink(row, encode),
  };
}

export function presentEditorTip(row: TipRow, alias: string, encode: (id: number) => string): EditorTip {
  return {
    receipt: row.receipt,
    status: row.status,
    reason: row.reason,
    text: row.body,
    place: row.place,
    contact: row.contact,
    user: { id: encode(Number(row.user_id)), alias },
    pictures: tipPictures(row).map(presentPicture),
    created_at: iso(row.created_at),
    updated_at: iso(row.updated_at),
    clue_report: clueReportLink(row, encode),
  };
}
