/**
 * The live room's shapes as the page uses them (docs/live.md): one chat message, one page of the
 * chat call, and the frames of the WebSocket protocol. Types only: nothing here ships.
 */
export type LiveRoomStatus = "upcoming" | "live" | "ended";

export interface ChatMessage {
  id: string | number;
  seq: number;
  user_id: number | null;
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
  | { type: "subscribed"; room: string; seq: number; online: number; likes: number; status: LiveRoomStatus }
  | { type: "chat"; room: string; seq: number; message: ChatMessage }
  | { type: "resync"; room: string; seq: number }
  | { type: "online"; room: string; count: number }
  | { type: "likes"; room: string; total: number; delta: number }
  | { type: "status"; room: string; status: LiveRoomStatus; start_time?: string }
  | { type: "error"; room?: string; code: number }
  | { type: "pong" };
