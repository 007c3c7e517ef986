import { type Static, Type } from "typebox";
import { contentListMaxPage } from "./limits.ts";

export const contentTypes = [
  "article",
  "video",
  "svideo",
  "audio",
  "image",
  "h5",
  "link",
  "topic",
  "sp_topic",
  "mini_program",
  "local_live",
  "live",
  "cloud_form",
  "video_album",
  "audio_album",
  "special",
] as const;
export type ContentType = (typeof contentTypes)[number];
export const ContentTypeSchema = Type.Enum([...contentTypes]);

/** States in which a content item is withdrawn and must not be shown (spec §4). */
export const unavailableStates: readonly number[] = [17, 100];

export const StyleImage = Type.Object({
  thumb: Type.String(),
  url: Type.String(),
  wbep_thumb: Type.String(),
});
export type StyleImage = Static<typeof StyleImage>;

export const ContentPayload = Type.Object({
  url: Type.String(),
  real_url: Type.String(),
  nav: Type.Boolean(),
  capsule: Type.Boolean(),
  bizName: Type.String(),
  enable_app: Type.Boolean(),
  enable_pc: Type.Boolean(),
  app_url: Type.String(),
  pc_url: Type.String(),
});
export type ContentPayload = Static<typeof ContentPayload>;

export const MediaAccountSummary = Type.Object({
  id: Type.String(),
  name: Type.String(),
  avatar: Type.String(),
  description: Type.String(),
});
export type MediaAccountSummary = Static<typeof MediaAccountSummary>;

/** A related item as listed under a content item: enough to draw a card. */
export const RelatedItem = Type.Object({
  post_id: Type.String(),
  content_type: ContentTypeSchema,
  title: Type.String(),
  source_alias: Type.String(),
  publish_at: Type.String({ format: "date-time" }),
  view_count: Type.Integer({ minimum: 0 }),
  content_link: Type.String(),
  style: Type.Object({ data: Type.Array(StyleImage) }),
});
export type RelatedItem = Static<typeof RelatedItem>;

export const AlbumStatus = Type.Object({
  status: Type.Integer({ description: "0 while the album is still being updated" }),
  total: Type.Integer({ minimum: 0 }),
});

/** The content item of spec §3, plus `content`: the body HTML, sanitised by the server. */
export const ContentItem = Type.Object({
  post_id: Type.String({ description: "public id (hashid)" }),
  content_type: ContentTypeSchema,
  type: Type.String({ description: "route type of the share page, e.g. doc, video, gallery" }),
  title: Type.String(),
  summary: Type.String(),
  source_alias: Type.String(),
  publish_at: Type.String({ format: "date-time" }),
  view_count: Type.Integer({ minimum: 0 }),
  like_count: Type.Integer({ minimum: 0 }),
  collect_count: Type.Integer({ minimum: 0 }),
  duration_str: Type.String(),
  pic_num: Type.Integer({ minimum: 0 }),
  payload: ContentPayload,
  share_link: Type.String(),
  content_link: Type.String(),
  pc_link: Type.String(),
  style: Type.Object({ data: Type.Array(StyleImage) }),
  state: Type.Integer(),
  meta: Type.Object({ comment_available: Type.Union([Type.Literal("true"), Type.Literal("false")]) }),
  enable_comment: Type.Boolean(),
  relations: Type.Array(RelatedItem),
  track_id: Type.String(),
  mp: Type.Union([MediaAccountSummary, Type.Null()]),
  mp_user_id: Type.Union([Type.String(), Type.Null()]),
  album_status: Type.Union([AlbumStatus, Type.Null()]),
  expired_at: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  content: Type.String({ description: "body HTML, sanitised" }),
});
export type ContentItem = Static<typeof ContentItem>;

export const ContentIdParams = Type.Object({
  id: Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" }),
});

/** GET /peony/v1/content: a page of a group's content list. */
export const ContentListQuery = Type.Object({
  gid: Type.Optional(Type.String({ maxLength: 64 })),
  pageindex: Type.Integer({ minimum: 1, maximum: contentListMaxPage, default: 1 }),
  pagesize: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});
export type ContentListQuery = Static<typeof ContentListQuery>;

export const ContentList = Type.Object({
  list: Type.Array(RelatedItem),
  total: Type.Integer({ minimum: 0 }),
  pageindex: Type.Integer(),
  pagesize: Type.Integer(),
});
export type ContentList = Static<typeof ContentList>;

/** Route type of the share page for a content type (the `{type}` segment of spec §2). */
export function routeTypeFor(contentType: ContentType): string {
  switch (contentType) {
    case "article":
      return "doc";
    case "image":
      return "gallery";
    case "special":
      return "special";
    case "video":
    case "svideo":
    case "audio":
    case "audio_album":
    case "video_album":
    case "local_live":
    case "mini_program":
      return contentType;
    default:
      return "doc";
  }
}
