import { useEffect, useRef, useState } from "react";
import type { ChatClient, ChatMode } from "./chat-client.ts";
import type { RoomApi } from "./room-api.ts";
import { type ChatMessage, type LiveRoomStatus, statusName } from "./types.ts";

export type LiveParts = typeof import("./live-parts.ts");

let pending: Promise<LiveParts> | null = null;

/** The interactive parts' chunk, fetched once; a failed fetch is tried again next time. */
export function loadLiveParts(): Promise<LiveParts> {
  if (!pending) {
    pending = import("./live-parts.ts").catch((error) => {
      pending = null;
      throw error;
    });
  }
  return pending;
}

export interface RoomLive {
  /** the interactive parts, once fetched (null on the server and until then) */
  parts: LiveParts | null;
  messages: readonly ChatMessage[];
  online: number | null;
  likes: number | null;
  mode: ChatMode;
  /** a message the visitor sent, from the send call's answer */
  add(message: ChatMessage): void;
}

export interface RoomLiveOptions {
  api(parts: LiveParts): RoomApi;
  socketUrl(parts: LiveParts): string;
  /** the visitor's token at each connection */
  token(): string | null;
  /** changes on a login or logout: the connection is made again with the new token */
  userKey: string;
  onStatus(status: LiveRoomStatus): void;
}

/**
 * The room's live side (R-LIVE-1): after hydration it fetches the interactive parts and starts the
 * chat client, which keeps the chat, the online count and the likes current; a status change goes to
 * `onStatus`.
 */
export function useRoomLive(liveId: string | null, options: RoomLiveOptions): RoomLive {
  const [parts, setParts] = useState<LiveParts | null>(null);
  const [messages, setMessages] = useState<readonly ChatMessage[]>([]);
  const [online, setOnline] = useState<number | null>(null);
  const [likes, setLikes] = useState<number | null>(null);
  const [mode, setMode] = useState<ChatMode>("stopped");
  const client = useRef<ChatClient | null>(null);
  const latest = useRef(options);
  latest.current = options;

  useEffect(() => {
    if (!liveId) return;
    let cancelled = false;
    loadLiveParts()
      .then((loaded) => {
        if (cancelled) return;
        setParts(loaded);
        const made = loaded.createChatClient({
          room: liveId,
          url: latest.current.socketUrl(loaded),
          token: () => latest.current.token(),
          fetchChat: (since) => latest.current.api(loaded).chat(since),
          onMessages: setMessages,
          onOnline: setOnline,
          onLikes: setLikes,
          onStatus: (status) => latest.current.onStatus(statusName(status)),
          onMode: setMode,
        });
        client.current = made;
        made.start();
      })
      .catch((error) => console.warn("live room parts failed to load:", error));
    return () => {
      cancelled = true;
      client.current?.stop();
      client.current = null;
    };
  }, [liveId]);

  const firstKey = useRef(options.userKey);
  useEffect(() => {
    if (options.userKey === firstKey.current) return;
    firstKey.current = options.userKey;
    client.current?.reconnect();
  }, [options.userKey]);

  return { parts, messages, online, likes, mode, add: (message) => client.current?.add(message) };
}
