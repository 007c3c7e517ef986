import { defineCall } from "../call.ts";
import { EditorSessionHeaders } from "../editors.ts";
import { answers } from "../envelope.ts";
import {
  EditorTip,
  EditorTipAction,
  EditorTipList,
  EditorTipQuery,
  TipReceipt,
  TipReceiptParams,
  tipLimits,
} from "../tips.ts";

const tags = ["tips"];

export const submitTip = defineCall({
  method: "POST",
  path: "/guzzle/v1/tips",
  access: "user",
  tags,
  summary: "Sends a tip to the newsroom with up to 9 pictures; answers its receipt (R-TIP-1)",
  description: [
    "A `multipart/form-data` body: `text` (required, " +
      `${tipLimits.textMin}–${tipLimits.textMax} characters), \`place\` and \`contact\` (optional), and up to ` +
      `${tipLimits.pictures} files named \`pictures\` of at most ${tipLimits.pictureBytes / 1024 / 1024} MB each, ` +
      `${tipLimits.requestBytes / 1024 / 1024} MB in all (413 past either, at once when Content-Length says so).`,
    "Pictures are recognised by their content (JPEG, PNG, WebP, GIF, AVIF; the file name and declared type are ignored),",
    `turned upright, fitted within ${tipLimits.longestSide} px, stripped of EXIF, GPS and other metadata, and stored`,
    "under unguessable names with AVIF and WebP renditions.",
    `A user sends at most ${tipLimits.perUserPerHour} tips an hour (429), counted and recorded atomically.`,
  ].join(" "),
  responses: answers(TipReceipt),
});

export const tipReceipt = defineCall({
  method: "GET",
  path: "/peony/v1/tips/receipt/:receipt",
  access: "optional",
  tags,
  summary: "A tip's status by its receipt code; its text, place and pictures only to its sender",
  params: TipReceiptParams,
  responses: answers(TipReceipt),
});

export const editorTips = defineCall({
  method: "GET",
  path: "/editor/v1/tips",
  access: "editor",
  roles: ["moderator"],
  tags: ["editor"],
  summary: "The tip moderation queue, oldest first, by status (all when none is given)",
  headers: EditorSessionHeaders,
  query: EditorTipQuery,
  responses: answers(EditorTipList),
});

export const moderateTip = defineCall({
  method: "POST",
  path: "/editor/v1/tips/:receipt",
  access: "editor",
  roles: ["moderator"],
  tags: ["editor"],
  summary: "Accepts, rejects (with a reason) or publishes a tip as a clue report",
  description:
    "received → accepted or rejected; accepted → published or rejected; rejected → accepted. Any other move answers 409 (a published tip stays published).",
  headers: EditorSessionHeaders,
  params: TipReceiptParams,
  body: EditorTipAction,
  responses: answers(EditorTip),
});
