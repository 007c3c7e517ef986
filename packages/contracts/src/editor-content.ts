import { type Static, Type } from "typebox";
import { AlbumStatus, ContentMedia, ContentTypeSchema, SpecialSection } from "./content.ts";

const ExternalId = Type.String({ minLength: 1, maxLength: 128, pattern: "^[A-Za-z0-9._:-]+$" });
const Count = Type.Integer({ minimum: 0 });

/**
 * One content item as editors import it (R-SRV-5): keyed by `external_id`, so importing it again
 * updates it. Albums list their tracks, specials their groups, any item its relations, each by the
 * external ids of items in the same batch or already imported.
 */
export const EditorContentItem = Type.Object({
  external_id: ExternalId,
  content_type: ContentTypeSchema,
  title: Type.String({ minLength: 1, maxLength: 200 }),
  summary: Type.Optional(Type.String({ maxLength: 2000 })),
  source_alias: Type.Optional(Type.String({ maxLength: 64 })),
  body_html: Type.Optional(Type.String({ maxLength: 200000 })),
  cover_url: Type.Optional(Type.String({ maxLength: 1000 })),
  thumb_url: Type.Optional(
    Type.String({
      maxLength: 1000,
      description: "a small rendition of the cover for lists; lists use the cover without it",
    }),
  ),
  publish_at: Type.String({ format: "date-time" }),
  group_id: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  state: Type.Optional(Type.Integer({ description: "0 published; 17 or 100 withdrawn" })),
  view_count: Type.Optional(Count),
  like_count: Type.Optional(Count),
  collect_count: Type.Optional(Count),
  duration_str: Type.Optional(Type.String({ maxLength: 16 })),
  comment_available: Type.Optional(Type.Boolean()),
  mp_key: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  album_status: Type.Optional(AlbumStatus),
  recommend_position: Type.Optional(
    Type.Union([Type.Integer({ minimum: 0, description: "place on the recommended list" }), Type.Null()]),
  ),
  payload: Type.Optional(
    Type.Object({
      url: Type.Optional(Type.String({ maxLength: 1000 })),
      app_url: Type.Optional(Type.String({ maxLength: 1000 })),
      bizName: Type.Optional(Type.String({ maxLength: 64 })),
    }),
  ),
  media: Type.Optional(ContentMedia),
  tracks: Type.Optional(Type.Array(ExternalId, { maxItems: 500 })),
  relations: Type.Optional(Type.Array(ExternalId, { maxItems: 50 })),
  groups: Type.Optional(
    Type.Array(
      Type.Object({
        name: Type.String({ minLength: 1, maxLength: 64 }),
        collapse: Type.Optional(Type.Boolean()),
        items: Type.Array(ExternalId, { maxItems: 200 }),
      }),
      { maxItems: 50 },
    ),
  ),
  sections: Type.Optional(Type.Array(SpecialSection, { maxItems: 20 })),
});
export type EditorContentItem = Static<typeof EditorContentItem>;

/** Largest batch one request may import; the CLI sends longer files in batches of this size. */
export const editorBatchLimit = 500;

export const EditorImportBody = Type.Array(Type.Unknown(), {
  minItems: 1,
  maxItems: editorBatchLimit,
  description: "content items (EditorContentItem), validated item by item",
});

export const EditorImportResult = Type.Object({
  created: Type.Integer({ minimum: 0 }),
  updated: Type.Integer({ minimum: 0 }),
  items: Type.Array(Type.Object({ external_id: Type.String(), post_id: Type.String(), created: Type.Boolean() })),
});
export type EditorImportResult = Static<typeof EditorImportResult>;

/** One problem of a refused batch: which item (by position and external id) and which field. */
export const EditorItemError = Type.Object({
  index: Type.Integer({ minimum: 0 }),
  external_id: Type.Union([Type.String(), Type.Null()]),
  field: Type.String({ description: "JSON pointer inside the item, e.g. /publish_at" }),
  message: Type.String(),
});
export type EditorItemError = Static<typeof EditorItemError>;

/** 400 answer of a refused batch: nothing was written. */
export const EditorImportRejected = Type.Object({
  code: Type.Integer(),
  msg: Type.String(),
  data: Type.Union([Type.Object({ errors: Type.Array(EditorItemError) }), Type.Null()]),
});
