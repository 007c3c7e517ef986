import type { LivePlaylist } from "@davmu/contracts/content";
import type { ChatMessage, LiveColumn, LiveInfo, LiveRoom, ModeratedChatMessage } from "@davmu/contracts/live";
import type { ContentRow } from "../content/repository.ts";
import type { ChatRow } from "./repository.ts";
import type { LiveRoomRow } from "./tables.ts";

const iso = (ms: number) => new Date(Number(ms)).toISOString();

function parseList<T>(json: string): T[] {
  try {
    const value = JSON.parse(json) as unknown;
    return Array.isArray(value) ? (value as T[]) : [];
  } catch {
    return [];
  }
}

export const columnsOf = (row: LiveRoomRow) => parseList<LiveColumn>(row.columns_json);
export const chatEnabled = (row: LiveRoomRow) => columnsOf(row).some((column) => column.enable_chat);

export function presentMessage(row: ChatRow, encodeId: (id: number) => string): ChatMessage {
  return {
    id: encodeId(row.id),
    seq: row.seq === null ? 0 : Number(row.seq),
    user_id: Number(row.user_id),
    nickname: row.alias,
    avatar: row.avatar,
    content: row.body,
    created_at: iso(row.created_at),
  };
}

export function presentInfo(liveId: string, row: LiveRoomRow, item: ContentRow, online: number): LiveInfo {
  return {
    live_id: liveId,
    status: Number(row.status),
    start_time: iso(row.start_time),
    end_time: row.end_time === null ? null : iso(row.end_time),
    online_count: online,
    view_count: Number(item.view_count),
    share_count: Number(row.share_count),
    live_count: Number(row.chat_count),
    like_count: Number(row.like_count),
    booking_count: Math.max(0, Number(row.booking_count)),
    seq: Number(row.last_seq),
  };
}

export function presentRoom(
  liveId: string,
  row: LiveRoomRow,
  item: ContentRow,
  extra: { online: number; shareLink: string; booked: boolean; pinned: ChatMessage | null },
): LiveRoom {
  return {
    ...presentInfo(liveId, row, item, extra.online),
    pinned: extra.pinned,
    post_id: liveId,
    group_id: item.group_id ?? "",
    title: item.title,
    cover: item.cover_url,
    intro: row.intro,
    orientation: row.orientation === "portrait" ? "portrait" : "landscape",
    columns: columnsOf(row),
    playlists: parseList<LivePlaylist>(row.playlists_json),
    countdown_switch: Boolean(Number(row.countdown_switch)),
    countdown_text: row.countdown_text,
    notice_switch: Boolean(Number(row.notice_switch)),
    notice_text: row.notice_text,
    disclaimer: row.disclaimer,
    backgrounds: { portrait: row.background_portrait, landscape: row.background_landscape },
    share_link: extra.shareLink,
    booked: extra.booked,
  };
}

/** A chat message as a room's editors moderate it. */
export function presentModeratedMessage(row: ChatRow, encodeId: (id: number) => string): ModeratedChatMessage {
  return {
    id: encodeId(row.id),
    seq: row.seq === null ? 0 : Number(row.seq),
    author_id: encodeId(row.user_id),
    nickname: row.alias,
    content: row.body,
    status: row.status,
    created_at: iso(row.created_at),
  };
}
