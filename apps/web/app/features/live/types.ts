/**
 * The live room's shapes as the page uses them (docs/live.md): one chat message, one page of the
 * chat call, and the frames of the WebSocket protocol.
 */
import { liveStatus } from "@davmu/contracts/live-values";

/** upcoming: countdown; live: the stream; ended: no replay yet; replay: the playlists. */
export type LiveRoomStatus = "upcoming" | "live" | "ended" | "replay";

/** The status a number of the API stands for (packages/contracts/src/live-values.ts). */
export function statusName(code: number): LiveRoomStatus {
  if (code === liveStatus.upcoming) return "upcoming";
  if (code === liveStatus.live) return "live";
  if (code === liveStatus.replay) return "replay";
  return "ended";
}

export interface ChatMessage {
  id: string;
  seq: number;
  user_id: number;
  nickname: string;
  avatar: string;
  content: string;
  created_at: string;
}

/** GET chat: ascending messages, the room's latest seq, and whether `since` is older than kept. */
export interface ChatPage {
  messages: ChatMessage[];
  seq: number;
  resync: boolean;
}

export type ServerFrame =
  | { type: "connected"; user_id: number | null }
  | { type: "subscribed"; room: string; seq: number; online: number; likes: number; status: number }
  | { type: "chat"; room: string; seq: number; message: ChatMessage }
  | { type: "resync"; room: string; seq: number }
  | { type: "online"; room: string; count: number }
  | { type: "likes"; room: string; total: number; delta: number }
  | { type: "status"; room: string; status: number; start_time?: string }
  | { type: "error"; room?: string; code: number }
  | { type: "pong" };
