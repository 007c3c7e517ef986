import { type Static, Type } from "typebox";

/**
 * Tips readers send to the newsroom (R-TIP-1): text, an optional place and contact, up to nine
 * pictures; each gets a receipt code its sender follows, and editors accept, reject or publish it
 * as a clue report (decision 034).
 */

/** The limits of one submission, checked by the API and shown by the form. */
export const tipLimits = {
  pictures: 9,
  /** bytes of one picture as uploaded */
  pictureBytes: 10 * 1024 * 1024,
  /** bytes of the whole multipart request (pictures and fields) */
  requestBytes: 40 * 1024 * 1024,
  textMin: 10,
  textMax: 2000,
  placeMax: 100,
  contactMax: 50,
  /** tips one user may send in an hour (R-SEC-RATE) */
  perUserPerHour: 5,
  /** longest side of a stored picture, in pixels */
  longestSide: 2048,
} as const;

/** received: waiting for an editor; accepted: the newsroom follows it up; rejected (with a reason); published as a clue report. */
export const TipStatus = Type.Union([
  Type.Literal("received"),
  Type.Literal("accepted"),
  Type.Literal("rejected"),
  Type.Literal("published"),
]);
export type TipStatus = Static<typeof TipStatus>;

/** Receipt codes: 8 characters of 2-9 and A-Z without I and O (nothing to confuse with 0, O, 1, I). */
export const receiptPattern = "^[2-9A-HJ-NP-Z]{8}$";

export const TipReceiptParams = Type.Object({
  receipt: Type.String({ minLength: 1, maxLength: 20, description: "the receipt code (case and hyphens ignored)" }),
});

export const TipPicture = Type.Object({
  /** the stored JPEG under /media/; `avif` and `webp` are its renditions */
  url: Type.String(),
  avif: Type.String(),
  webp: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
});
export type TipPicture = Static<typeof TipPicture>;

export const TipClueReport = Type.Object({
  id: Type.String({ description: "the clue report's public id" }),
  url: Type.String({ description: "its page on the share site" }),
});

/** A tip as its receipt shows it. The text, place and pictures only to its sender. */
export const TipReceipt = Type.Object({
  receipt: Type.String(),
  status: TipStatus,
  /** why it was rejected; "" otherwise */
  reason: Type.String(),
  created_at: Type.String({ format: "date-time" }),
  updated_at: Type.String({ format: "date-time" }),
  picture_count: Type.Integer({ minimum: 0 }),
  /** whether the visitor asking sent it (then text, place and pictures are filled) */
  mine: Type.Boolean(),
  text: Type.String(),
  place: Type.String(),
  pictures: Type.Array(TipPicture),
  clue_report: Type.Union([TipClueReport, Type.Null()]),
});
export type TipReceipt = Static<typeof TipReceipt>;

/** A tip as editors see it in the moderation queue. */
export const EditorTip = Type.Object({
  receipt: Type.String(),
  status: TipStatus,
  reason: Type.String(),
  text: Type.String(),
  place: Type.String(),
  contact: Type.String(),
  user: Type.Object({ id: Type.String(), alias: Type.String() }),
  pictures: Type.Array(TipPicture),
  created_at: Type.String({ format: "date-time" }),
  updated_at: Type.String({ format: "date-time" }),
  clue_report: Type.Union([TipClueReport, Type.Null()]),
});
export type EditorTip = Static<typeof EditorTip>;

export const EditorTipQuery = Type.Object({
  status: Type.Optional(TipStatus),
  /** the `next` of the page before */
  cursor: Type.Optional(Type.Integer({ minimum: 1 })),
  limit: Type.Integer({ minimum: 1, maximum: 50, default: 20 }),
});

export const EditorTipList = Type.Object({
  list: Type.Array(EditorTip),
  /** pass as `cursor` for the next page; null on the last */
  next: Type.Union([Type.Integer(), Type.Null()]),
});

/**
 * One moderation step. `reject` needs a `reason` (shown to the sender); `publish` may give the clue
 * report's `title` (else the text's first sentence) and a `topic`. One object rather than a union:
 * the validator drops unknown properties, and would drop `reason` while trying the other branches.
 */
export const EditorTipAction = Type.Object(
  {
    action: Type.Union([Type.Literal("accept"), Type.Literal("reject"), Type.Literal("publish")]),
    reason: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
    topic: Type.Optional(Type.String({ minLength: 1, maxLength: 30 })),
  },
  { additionalProperties: false },
);
export type EditorTipAction = Static<typeof EditorTipAction>;
