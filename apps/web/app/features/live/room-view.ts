import type { LocalLiveInfo } from "@davmu/contracts/content";
import type { LiveColumn, LiveRoom } from "@davmu/contracts/live";
import { type LiveRoomStatus, statusName } from "./types.ts";

/** One column of the room, drawn as a tab: the chat (where enabled), the introduction, a link. */
export interface RoomTab {
  key: string;
  name: string;
  kind: "chat" | "intro" | "link" | "timeline";
  url: string;
}

export interface RoomPlaylist {
  cover: string;
  name: string;
  play_url: string;
  type: string;
}

/** What the live room page draws, from the item and the room's detail (spec §3 Live detail). */
export interface RoomView {
  /** the room's id for the live calls and the socket; null when the item names no room */
  liveId: string | null;
  status: LiveRoomStatus;
  orientation: "landscape" | "portrait";
  startTime: string;
  endTime: string | null;
  online: number;
  likes: number;
  views: number;
  playlists: RoomPlaylist[];
  tabs: RoomTab[];
  /** the countdown switch: show the time left before the start */
  countdown: boolean;
  countdownText: string;
  /** the visitor booked it (a logged-in visitor's own answer; false on the shared page) */
  booked: boolean;
  /** the notice, "" when its switch is off */
  notice: string;
  disclaimer: string;
  /** a picture behind the stage before the start (the orientation's background) */
  background: string;
  intro: string;
  /** the message an editor pinned above the chat, null when none */
  pinned: { nickname: string; content: string } | null;
}

const defaultTabs = (chat: boolean): RoomTab[] => [
  ...(chat ? [{ key: "chat", name: "聊天", kind: "chat" as const, url: "" }] : []),
  { key: "intro", name: "简介", kind: "intro", url: "" },
];

/** Columns become tabs: chat where `enable_chat`, a link where it has an address, else the introduction. */
export function tabsOf(columns: readonly LiveColumn[]): RoomTab[] {
  const tabs: RoomTab[] = [];
  columns.forEach((column, i) => {
    const kind = column.type === "chat" ? (column.enable_chat ? "chat" : null) : column.link_url ? "link" : "intro";
    if (kind === null || tabs.some((t) => t.kind === kind && kind !== "link")) return;
    const name = column.name || (kind === "chat" ? "聊天" : kind === "link" ? "链接" : "简介");
    tabs.push({ key: `${kind}-${i}`, name, kind, url: column.link_url });
  });
  if (!tabs.some((t) => t.kind === "intro")) tabs.push({ key: "intro", name: "简介", kind: "intro", url: "" });
  return tabs;
}

/**
 * The room as the page draws it: the room's detail where the API answered it, else what the content
 * item says of its live (no chat then).
 */
export function toRoomView(
  live: LocalLiveInfo | null,
  detail: LiveRoom | null,
  fallback: { summary: string; cover: string; views: number },
): RoomView {
  const orientation = detail?.orientation ?? live?.orientation ?? "landscape";
  if (detail) {
    const background =
      (orientation === "portrait" ? detail.backgrounds.portrait : detail.backgrounds.landscape) ||
      detail.cover ||
      fallback.cover;
    return {
      liveId: detail.live_id,
      status: statusName(detail.status),
      orientation,
      startTime: detail.start_time,
      endTime: detail.end_time,
      online: detail.online_count,
      likes: detail.like_count,
      views: detail.view_count,
      playlists: detail.playlists.length ? detail.playlists : (live?.playlists ?? []),
      tabs: detail.columns.length ? tabsOf(detail.columns) : defaultTabs(true),
      countdown: detail.countdown_switch,
      countdownText: detail.countdown_text,
      notice: detail.notice_switch ? detail.notice_text : "",
      disclaimer: detail.disclaimer,
      booked: detail.booked,
      background,
      intro: detail.intro || fallback.summary,
      pinned: detail.pinned ? { nickname: detail.pinned.nickname, content: detail.pinned.content } : null,
    };
  }
  return {
    liveId: null,
    status: live ? live.status : "ended",
    orientation,
    startTime: live?.start_time ?? new Date(0).toISOString(),
    endTime: live?.end_time ?? null,
    online: live?.online_count ?? 0,
    likes: 0,
    views: fallback.views,
    playlists: live?.playlists ?? [],
    tabs: defaultTabs(false),
    countdown: true,
    countdownText: "",
    booked: false,
    notice: "",
    disclaimer: "",
    background: fallback.cover,
    intro: fallback.summary,
    pinned: null,
  };
}
