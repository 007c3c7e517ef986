import { type Static, Type } from "typebox";
import { ContentIdParams, SpecialDetail } from "./content.ts";

/** How long a preview link stays valid when the editor names no time (spec §10: 30 minutes). */
export const previewDefaultMinutes = 30;
/** At most a day: a preview link is for checking a page, not for publishing it. */
export const previewMaxMinutes = 24 * 60;

/** An editor's short name: the preview page's actor is `preview-{editor}`. */
export const PreviewEditor = Type.String({ minLength: 1, maxLength: 32, pattern: "^[A-Za-z0-9_]+$" });

export const PreviewIdParams = ContentIdParams;

/** A draft revision of the item: what the preview shows instead of the stored fields. */
export const PreviewDraft = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: 200 })),
    summary: Type.Optional(Type.String({ maxLength: 2000 })),
    body_html: Type.Optional(Type.String({ maxLength: 1_000_000, description: "sanitised when shown" })),
    cover_url: Type.Optional(Type.String({ maxLength: 2000 })),
  },
  { additionalProperties: false },
);
export type PreviewDraft = Static<typeof PreviewDraft>;

/** POST /editor/v1/preview/{id}: mints a preview link, saving the draft (a new revision) when given. */
export const MintPreviewBody = Type.Object(
  {
    editor: PreviewEditor,
    minutes: Type.Optional(Type.Integer({ minimum: 1, maximum: previewMaxMinutes, default: previewDefaultMinutes })),
    draft: Type.Optional(PreviewDraft),
  },
  { additionalProperties: false },
);
export type MintPreviewBody = Static<typeof MintPreviewBody>;

export const PreviewLink = Type.Object({
  url: Type.String({ description: "the preview page, on the public origin" }),
  token: Type.String(),
  actor: Type.String(),
  revision: Type.Integer(),
  expired_at: Type.String({ format: "date-time" }),
});
export type PreviewLink = Static<typeof PreviewLink>;

export const PreviewRevision = Type.Object({ revision: Type.Integer() });

/** The preview links that still work, every editor's (R-PREVIEW-1): not expired, of their item's current revision. */
export const PreviewLinkList = Type.Object({
  list: Type.Array(
    Type.Object({
      post_id: Type.String(),
      title: Type.String(),
      editor: Type.String({ description: "the `editor` the link was minted for" }),
      made_by: Type.String({ description: "the editor account that minted it" }),
      revision: Type.Integer(),
      made_at: Type.String({ format: "date-time" }),
      expired_at: Type.String({ format: "date-time" }),
    }),
  ),
});
export type PreviewLinkList = Static<typeof PreviewLinkList>;
export const PreviewLinkQuery = Type.Object({ limit: Type.Integer({ minimum: 1, maximum: 200, default: 100 }) });

/** GET /inner/preview/document/detail/{id}: the token of the link and the page's actor. */
export const PreviewDetailQuery = Type.Object({
  token: Type.String({ minLength: 1, maxLength: 512, pattern: "^[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]+$" }),
  actor: Type.String({ minLength: 9, maxLength: 40, pattern: "^preview-[A-Za-z0-9_]+$" }),
});
export type PreviewDetailQuery = Static<typeof PreviewDetailQuery>;

/** GET /inner/preview/special/{id}: a special as its preview link shows it, with the link's expiry. */
export const PreviewSpecial = Type.Object({
  ...SpecialDetail.properties,
  expired_at: Type.String({ format: "date-time" }),
});
export type PreviewSpecial = Static<typeof PreviewSpecial>;
