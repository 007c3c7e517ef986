import type { Generated, Selectable } from "kysely";

/** The tables of migration 012, typed here beside the only code that reads them. */
export type LiveTables = {
  live_rooms: {
    content_id: number;
    /** 0 upcoming, 1 live, 2 ended, 3 replay */
    status: number;
    orientation: string;
    start_time: number;
    end_time: number | null;
    intro: string;
    columns_json: string;
    playlists_json: string;
    countdown_switch: number;
    countdown_text: string;
    notice_switch: number;
    notice_text: string;
    disclaimer: string;
    background_portrait: string;
    background_landscape: string;
    share_count: number;
    like_count: number;
    chat_count: number;
    booking_count: number;
    /** the room's latest chat sequence number; raised with each published message */
    last_seq: number;
    updated_at: number;
    /** The message pinned above the chat (migration 023); null when none. */
    pinned_message_id: number | null;
  };
  live_messages: {
    id: Generated<number>;
    content_id: number;
    /** per room from 1, consecutive; null for a held message */
    seq: number | null;
    user_id: number;
    body: string;
    /** "rejected" and "deleted" by a moderator (migration 022) */
    status: "published" | "pending" | "rejected" | "deleted";
    created_at: number;
    /** The editor who last moderated it (migration 022). */
    handled_by: Generated<number | null>;
  };
  live_like_requests: { content_id: number; actor: string; msg_id: string; created_at: number };
  live_bookings: { content_id: number; user_id: number; created_at: number };
  /** Users muted in a room by an editor (migration 023): one row per room and user. */
  live_mutes: { content_id: number; user_id: number; muted_by: number | null; created_at: number };
};

export type LiveRoomRow = LiveTables["live_rooms"];
export type LiveMessageRow = Selectable<LiveTables["live_messages"]>;
