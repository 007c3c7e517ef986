import type { ChatMessage, ChatPage, LiveRoomStatus } from "./types.ts";

/** A booked live in the visitor's booking list. */
export interface BookingEntry {
  live_id: string;
  title: string;
  start_time: string;
  status: LiveRoomStatus;
  link: string;
}

/** What sending a chat message came to: shown at once, held for review, or refused with the server's words. */
export type SendResult =
  | { ok: true; message: ChatMessage | null; held: boolean }
  | { ok: false; message: string; status: number };

/** The live calls as the room's parts use them (made by room-client.ts from the declared calls). */
export interface RoomApi {
  chat(since: number | null): Promise<ChatPage>;
  send(content: string): Promise<SendResult>;
  like(count: number, msgId: string): Promise<void>;
  status(): Promise<LiveRoomStatus>;
  book(booked: boolean): Promise<{ ok: boolean; message: string }>;
  booked(): Promise<boolean>;
  bookings(): Promise<BookingEntry[]>;
}
