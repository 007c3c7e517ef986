import { type Static, Type } from "typebox";
import { contentListMaxPage } from "./limits.ts";

import { type ContentType, contentTypes } from "./values.ts";

export { type ContentType, contentTypeNames, contentTypes, linkContentTypes } from "./values.ts";
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
  content_link: Type.String({ description: "share path; for h5 and link items the target address" }),
  style: Type.Object({ data: Type.Array(StyleImage) }),
  duration_str: Type.String({ description: "length of a video or audio, e.g. 03:25; empty otherwise" }),
  pic_num: Type.Integer({ minimum: 0, description: "number of pictures of a gallery" }),
});
export type RelatedItem = Static<typeof RelatedItem>;

export const AlbumStatus = Type.Object({
  status: Type.Integer({ description: "0 while the album is still being updated" }),
  total: Type.Integer({ minimum: 0 }),
});

export const Orientation = Type.Union([Type.Literal("landscape"), Type.Literal("portrait")]);
export type Orientation = Static<typeof Orientation>;

/** A video to play: an MP4 file or an HLS playlist (.m3u8), with its poster. */
export const VideoMedia = Type.Object({
  src: Type.String(),
  poster: Type.String(),
  orientation: Orientation,
  width: Type.Integer({ minimum: 0 }),
  height: Type.Integer({ minimum: 0 }),
});
export type VideoMedia = Static<typeof VideoMedia>;

export const AudioMedia = Type.Object({
  src: Type.String(),
  cover: Type.String(),
});
export type AudioMedia = Static<typeof AudioMedia>;

export const GalleryImage = Type.Object({
  url: Type.String(),
  thumb: Type.String(),
  width: Type.Integer({ minimum: 0 }),
  height: Type.Integer({ minimum: 0 }),
  caption: Type.String(),
});
export type GalleryImage = Static<typeof GalleryImage>;

export const MiniProgramInfo = Type.Object({
  name: Type.String(),
  app_id: Type.String(),
  path: Type.String(),
  logo: Type.String(),
});
export type MiniProgramInfo = Static<typeof MiniProgramInfo>;

/** A stream of a live (spec §3 playlists: cover, name, play_url, type). */
export const LivePlaylist = Type.Object({
  cover: Type.String(),
  name: Type.String(),
  play_url: Type.String(),
  type: Type.String({ description: "hls or mp4" }),
});
export type LivePlaylist = Static<typeof LivePlaylist>;

export const LiveStatus = Type.Union([Type.Literal("upcoming"), Type.Literal("live"), Type.Literal("ended")]);

/** A local live: its streams and orientation decide the sub-screen; image-text lives post pictures. */
export const LocalLiveInfo = Type.Object({
  status: LiveStatus,
  orientation: Orientation,
  start_time: Type.String({ format: "date-time" }),
  end_time: Type.Union([Type.String({ format: "date-time" }), Type.Null()]),
  online_count: Type.Integer({ minimum: 0 }),
  playlists: Type.Array(LivePlaylist),
  images: Type.Array(GalleryImage),
});
export type LocalLiveInfo = Static<typeof LocalLiveInfo>;

/** What a page plays or shows beyond the body, by content type; absent parts do not apply. */
export const ContentMedia = Type.Object({
  video: Type.Optional(VideoMedia),
  audio: Type.Optional(AudioMedia),
  images: Type.Optional(Type.Array(GalleryImage)),
  mini_program: Type.Optional(MiniProgramInfo),
  live: Type.Optional(LocalLiveInfo),
});
export type ContentMedia = Static<typeof ContentMedia>;

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
  media: ContentMedia,
  recommended: Type.Boolean({ description: "on the editors' recommended list" }),
  live_id: Type.Optional(
    Type.String({ description: "live and local_live items: their room, GET /peony/v3/live/room/{live_id}" }),
  ),
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
    // a live room opens on the local live page (decision 031)
    case "live":
      return "local_live";
    // a cloud form's own page (R-FORM-1, decision 036)
    case "cloud_form":
      return "form";
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

/** GET /inner/v3/album/audio/{id} and /inner/v3/album/video/{id}. */
export const AlbumQuery = Type.Object({
  limit: Type.Integer({ minimum: 1, maximum: 100, default: 30 }),
});

/** GET /peony/v3/album/tracks/{series}/{uid}: later pages of an album's tracks. */
export const AlbumTracksParams = Type.Object({
  series: Type.Union([Type.Literal("audio"), Type.Literal("video")]),
  uid: ContentIdParams.properties.id,
});
export const AlbumTracksQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  size: Type.Integer({ minimum: 1, maximum: 100, default: 30 }),
});

/** One episode of an album, with what the album's own player needs. */
export const AlbumTrack = Type.Object({
  post_id: Type.String(),
  content_type: ContentTypeSchema,
  title: Type.String(),
  episode: Type.Integer({ minimum: 1 }),
  duration_str: Type.String(),
  publish_at: Type.String({ format: "date-time" }),
  view_count: Type.Integer({ minimum: 0 }),
  content_link: Type.String(),
  cover: Type.String(),
  src: Type.String({ description: "audio or video file (or HLS playlist) of the episode" }),
});
export type AlbumTrack = Static<typeof AlbumTrack>;

export const AlbumTracks = Type.Object({
  album_id: Type.String(),
  list: Type.Array(AlbumTrack),
  total: Type.Integer({ minimum: 0 }),
  album_status: Type.Union([AlbumStatus, Type.Null()]),
  page: Type.Integer({ minimum: 1 }),
  size: Type.Integer({ minimum: 1 }),
});
export type AlbumTracks = Static<typeof AlbumTracks>;

/** GET /inner/special: a special topic's groups, a page of groups and a batch of each group's items. */
export const SpecialQuery = Type.Object({
  gid: Type.String({ minLength: 1, maxLength: 64, pattern: "^[A-Za-z0-9_-]+$" }),
  pageindex: Type.Integer({ minimum: 1, default: 1 }),
  pagesize: Type.Integer({ minimum: 1, maximum: 50, default: 50 }),
  batch_size: Type.Integer({ minimum: 1, maximum: 50, default: 50 }),
  page_offset: Type.Integer({ minimum: 0, default: 0 }),
});
export type SpecialQuery = Static<typeof SpecialQuery>;

export const SpecialSection = Type.Object({ title: Type.String(), content: Type.String() });
export type SpecialSection = Static<typeof SpecialSection>;

export const SpecialGroup = Type.Object({
  group_id: Type.String(),
  name: Type.String(),
  collapse: Type.Boolean({ description: "the group opens folded to its first items" }),
  total: Type.Integer({ minimum: 0 }),
  content_list: Type.Array(RelatedItem),
});
export type SpecialGroup = Static<typeof SpecialGroup>;

export const SpecialDetail = Type.Object({
  post_id: Type.String(),
  title: Type.String(),
  summary: Type.String(),
  cover: Type.String(),
  share_link: Type.String(),
  sections: Type.Array(SpecialSection),
  groups: Type.Array(SpecialGroup),
  total_groups: Type.Integer({ minimum: 0 }),
});
export type SpecialDetail = Static<typeof SpecialDetail>;

/** GET /inner/static/hot72 and GET /inner/v3/albums/relates/{id}: a short list of cards. */
export const CardList = Type.Object({ list: Type.Array(RelatedItem) });
export type CardList = Static<typeof CardList>;

export const HotQuery = Type.Object({
  size: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});

/** GET /peony/v1/recommend: the editors' recommended list, in their order. */
export const RecommendQuery = Type.Object({
  page: Type.Integer({ minimum: 1, default: 1 }),
  size: Type.Integer({ minimum: 1, maximum: 50, default: 10 }),
});
export type RecommendQuery = Static<typeof RecommendQuery>;

export const RecommendList = Type.Object({
  list: Type.Array(RelatedItem),
  total: Type.Integer({ minimum: 0 }),
  page: Type.Integer(),
  size: Type.Integer(),
});
export type RecommendList = Static<typeof RecommendList>;

/** Items of these types open in the link popup instead of a share page of their own. */
