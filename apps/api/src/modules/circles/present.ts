import type { CircleComment, CirclePicture, CirclePost, CircleRef, CircleUser } from "@davmu/contracts/circles";
import { topicNameMaxLength } from "@davmu/contracts/circles";
import type { PublicIdCodec } from "@davmu/contracts/public-id";
import { siteBasePath } from "@davmu/contracts/site-path";
import type { PostRow, UserRow } from "./repository.ts";

/** Share pages of circles (decision 035): ids by query, since the routes carry none in their path. */
export const circleLinks = {
  circle: (origin: string, id: string) => `${origin}${siteBasePath}/dimim/circle/index.html?id=${id}`,
  post: (origin: string, id: string) => `${origin}${siteBasePath}/dimim/content/index.html?id=${id}`,
  topic: (origin: string, name: string, circle?: string | null) =>
    `${origin}${siteBasePath}/dimim/topic/index.html?name=${encodeURIComponent(name)}${circle ? `&circle=${circle}` : ""}`,
};

const iso = (ms: number | string) => new Date(Number(ms)).toISOString();

export function presentUser(codec: PublicIdCodec, row: UserRow): CircleUser {
  return { user_id: codec.encode(row.id), alias: row.alias, avatar: row.avatar };
}

/** The stored pictures, or none when the stored text is not the expected list. */
export function picturesOf(json: string): CirclePicture[] {
  try {
    const list = JSON.parse(json) as unknown;
    if (!Array.isArray(list)) return [];
    return list
      .filter(
        (p): p is CirclePicture =>
          typeof p?.url === "string" && Number.isInteger(p.width) && Number.isInteger(p.height) && p.width > 0,
      )
      .slice(0, 9)
      .map((p) => ({ url: p.url, width: p.width, height: p.height }));
  } catch {
    return [];
  }
}

export function presentCircleRef(codec: PublicIdCodec, origin: string, row: PostRow): CircleRef {
  const id = codec.encode(row.circle_id);
  return { id, name: row.circle_name, cover: row.circle_cover, share_link: circleLinks.circle(origin, id) };
}

export function presentPost(codec: PublicIdCodec, origin: string, row: PostRow, topics: string[]): CirclePost {
  const id = codec.encode(row.id);
  return {
    id,
    text: row.body,
    pictures: picturesOf(row.pictures_json),
    author: presentUser(codec, { id: row.user_id, alias: row.alias, avatar: row.avatar }),
    like_count: Number(row.like_count),
    comment_count: Number(row.comment_count),
    created_at: iso(row.created_at),
    circle: presentCircleRef(codec, origin, row),
    topics,
    share_link: circleLinks.post(origin, id),
  };
}

export function presentComment(
  codec: PublicIdCodec,
  row: {
    id: number;
    body: string;
    like_count: number;
    created_at: number;
    user_id: number;
    alias: string;
    avatar: string;
  },
): CircleComment {
  return {
    id: codec.encode(row.id),
    author: presentUser(codec, { id: row.user_id, alias: row.alias, avatar: row.avatar }),
    text: row.body,
    like_count: Number(row.like_count),
    created_at: iso(row.created_at),
  };
}

/** Why a hashtag name is refused, or its stored form: trimmed, without surrounding #, in NFC. */
export function topicName(raw: string): { ok: true; name: string } | { ok: false; reason: string } {
  const name = raw
    .trim()
    .replace(/^#+|#+$/g, "")
    .trim()
    .normalize("NFC");
  if (!name) return { ok: false, reason: "话题名称不能为空" };
  if (Array.from(name).length > topicNameMaxLength) {
    return { ok: false, reason: `话题名称不能超过 ${topicNameMaxLength} 个字` };
  }
  // control characters, line breaks and lone surrogates are no part of a hashtag
  if (/[\p{Cc}\p{Cs}\u2028\u2029]/u.test(name)) return { ok: false, reason: "话题名称包含无效字符" };
  return { ok: true, name };
}

/** Page arithmetic shared by every list: rows to skip, and whether more follow. */
export function paging(page: number, size: number, total: number) {
  return { offset: (page - 1) * size, hasMore: page * size < total };
}
