import { isWebAddress } from "@davmu/contracts/addresses";
import {
  type AlbumTrack,
  type ContentItem,
  type ContentMedia,
  type ContentType,
  contentTypes,
  linkContentTypes,
  type RelatedItem,
  routeTypeFor,
  type SpecialSection,
} from "@davmu/contracts/content";
import type { PublicIdCodec } from "@davmu/contracts/public-id";
import { siteBasePath } from "@davmu/contracts/site-path";
import { servedArticleBody } from "../../lib/sanitize-html.ts";
import type { ContentRow, MediaAccountRow, RelatedRow } from "./repository.ts";

export interface LinkContext {
  codec: PublicIdCodec;
  /** Origin visitors reach the site at, e.g. https://share.example.com */
  publicOrigin: string;
  /** `{actor}` segment for the organisation's own content */
  siteActor: string;
}

export function asContentType(value: string): ContentType {
  return (contentTypes as readonly string[]).includes(value) ? (value as ContentType) : "article";
}

/** Share-page path of a content item: /davmu/share/{actor}/{type}/{yyyy}/{mm}/{post_id}/index.html */
export function contentPath(row: Pick<ContentRow, "id" | "content_type" | "publish_at" | "mp_id">, ctx: LinkContext) {
  const date = new Date(row.publish_at);
  const year = String(date.getUTCFullYear());
  const month = String(date.getUTCMonth() + 1).padStart(2, "0");
  const actor = row.mp_id === null ? ctx.siteActor : "mp";
  const type = routeTypeFor(asContentType(row.content_type));
  return `${siteBasePath}/${actor}/${type}/${year}/${month}/${ctx.codec.encode(row.id)}/index.html`;
}

/** The item's pictures: the cover (`url`) and its small rendition for lists (`thumb`, the cover when it has none). */
function styleOf(row: Pick<ContentRow, "thumb_url" | "cover_url">) {
  const thumb = row.thumb_url || row.cover_url;
  return { data: row.cover_url ? [{ thumb, url: row.cover_url, wbep_thumb: thumb }] : [] };
}

/** What `detail_json` holds: the media of the page, and a special's sections and group names. */
export interface ContentDetail extends ContentMedia {
  sections?: SpecialSection[];
  groups?: { name: string; collapse: boolean }[];
}

export function parseDetail(json: string): ContentDetail {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === "object" && !Array.isArray(value) ? (value as ContentDetail) : {};
  } catch {
    return {};
  }
}

function mediaOf(detail: ContentDetail): ContentMedia {
  const media: ContentMedia = {};
  if (detail.video) media.video = detail.video;
  if (detail.audio) media.audio = detail.audio;
  if (detail.images) media.images = detail.images;
  if (detail.mini_program) media.mini_program = detail.mini_program;
  if (detail.live) media.live = detail.live;
  return media;
}

function payloadUrl(row: Pick<ContentRow, "payload_json">): string {
  try {
    const url = (JSON.parse(row.payload_json) as { url?: unknown }).url;
    return typeof url === "string" ? url : "";
  } catch {
    return "";
  }
}

/**
 * An h5 or link item's card opens its address in the link popup; one no page may link to (a
 * `javascript:` address stored before imports refused them) leads to the item's own page instead,
 * which shows its summary alone.
 */
function linkOf(row: RelatedRow, ctx: LinkContext): string {
  if (!linkContentTypes.includes(asContentType(row.content_type))) return contentPath(row, ctx);
  const address = payloadUrl(row);
  return isWebAddress(address) ? address : contentPath(row, ctx);
}

export function toRelatedItem(row: RelatedRow, ctx: LinkContext): RelatedItem {
  return {
    post_id: ctx.codec.encode(row.id),
    content_type: asContentType(row.content_type),
    title: row.title,
    source_alias: row.source_alias,
    publish_at: new Date(row.publish_at).toISOString(),
    view_count: row.view_count,
    content_link: linkOf(row, ctx),
    style: styleOf(row),
    duration_str: row.duration_str,
    pic_num: row.pic_num,
  };
}

/** An album's episode: the card fields plus the file the album's own player plays. */
export function toAlbumTrack(row: ContentRow, episode: number, ctx: LinkContext): AlbumTrack {
  const detail = parseDetail(row.detail_json);
  return {
    post_id: ctx.codec.encode(row.id),
    content_type: asContentType(row.content_type),
    title: row.title,
    episode,
    duration_str: row.duration_str,
    publish_at: new Date(row.publish_at).toISOString(),
    view_count: row.view_count,
    content_link: contentPath(row, ctx),
    cover: detail.video?.poster || detail.audio?.cover || row.cover_url,
    src: detail.video?.src || detail.audio?.src || "",
  };
}

const emptyPayload = {
  url: "",
  real_url: "",
  nav: false,
  capsule: false,
  bizName: "",
  enable_app: true,
  enable_pc: true,
  app_url: "",
  pc_url: "",
};

/** Database row → the content item of spec §3. Pure: every input is passed in. */
export function toContentItem(
  row: ContentRow,
  related: RelatedRow[],
  mp: MediaAccountRow | null,
  ctx: LinkContext,
): ContentItem {
  const postId = ctx.codec.encode(row.id);
  const path = contentPath(row, ctx);
  const link = ctx.publicOrigin + path;
  const contentType = asContentType(row.content_type);
  return {
    post_id: postId,
    content_type: contentType,
    type: routeTypeFor(contentType),
    title: row.title,
    summary: row.summary,
    source_alias: row.source_alias,
    publish_at: new Date(row.publish_at).toISOString(),
    view_count: row.view_count,
    like_count: row.like_count,
    collect_count: row.collect_count,
    duration_str: row.duration_str,
    pic_num: row.pic_num,
    payload: { ...emptyPayload, ...(JSON.parse(row.payload_json) as Partial<typeof emptyPayload>) },
    share_link: link,
    content_link: path,
    pc_link: `${ctx.publicOrigin}${siteBasePath}/pc?url=${encodeURIComponent(path)}`,
    style: styleOf(row),
    state: row.state,
    meta: { comment_available: row.comment_available === 1 ? "true" : "false" },
    enable_comment: row.enable_comment === 1,
    relations: related.map((r) => toRelatedItem(r, ctx)),
    track_id: `${contentType}-${postId}`,
    mp: mp ? { id: ctx.codec.encode(mp.id), name: mp.name, avatar: mp.avatar, description: mp.description } : null,
    mp_user_id: mp ? ctx.codec.encode(mp.id) : null,
    album_status: row.album_total === null ? null : { status: row.album_status ?? 0, total: row.album_total },
    expired_at: row.expired_at === null ? null : new Date(row.expired_at).toISOString(),
    content: servedArticleBody(row.body_html, row.body_clean_seal),
    media: mediaOf(parseDetail(row.detail_json)),
    recommended: row.recommend_position !== null,
    ...(contentType === "live" || contentType === "local_live" ? { live_id: postId } : {}),
  };
}
