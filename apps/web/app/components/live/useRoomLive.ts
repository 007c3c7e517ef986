import { useEffect, useRef, useState } from "react";
import type { ChatClient, ChatMode } from "../../lib/live/chat-client.ts";
import type { RoomApi } from "../../lib/live/room-api.ts";
import { type ChatMessage, type LiveRoomStatus, statusName } from "../../lib/live/types.ts";

export interface RoomLive {
  messages: readonly ChatMessage[];
  online: number | null;
  likes: number | null;
  mode: ChatMode;
  /** a message the visitor sent, from the send call's answer */
  add(message: ChatMessage): void;
}

/**
 * The room's live side (R-LIVE-1): after hydration it fetches the chat client (its own chunk, so the
 * page's first script stays small) and keeps the chat, the online count and the likes current; a
 * status change goes to `onStatus`. `token` is read at each connection; a change of `userKey`
 * (a login or logout) reconnects so the new token is used.
 */
export function useRoomLive(
  liveId: string | null,
  api: () => RoomApi,
  socketUrl: () => string,
  token: () => string | null,
  userKey: string,
  onStatus: (status: LiveRoomStatus) => void,
): RoomLive {
  const [messages, setMessages] = useState<readonly ChatMessage[]>([]);
  const [online, setOnline] = useState<number | null>(null);
  const [likes, setLikes] = useState<number | null>(null);
  const [mode, setMode] = useState<ChatMode>("stopped");
  const client = useRef<ChatClient | null>(null);
  const latest = useRef({ api, socketUrl, token, onStatus });
  latest.current = { api, socketUrl, token, onStatus };

  useEffect(() => {
    if (!liveId) return;
    let cancelled = false;
    import("../../lib/live/chat-client.ts")
      .then(({ createChatClient }) => {
        if (cancelled) return;
        const made = createChatClient({
          room: liveId,
          url: latest.current.socketUrl(),
          token: () => latest.current.token(),
          fetchChat: (since) => latest.current.api().chat(since),
          onMessages: setMessages,
          onOnline: setOnline,
          onLikes: setLikes,
          onStatus: (status) => latest.current.onStatus(statusName(status)),
          onMode: setMode,
        });
        client.current = made;
        made.start();
      })
      .catch((error) => console.warn("live chat failed to load:", error));
    return () => {
      cancelled = true;
      client.current?.stop();
      client.current = null;
    };
  }, [liveId]);

  // a login or logout: the next connection sends the new token
  const firstKey = useRef(userKey);
  useEffect(() => {
    if (userKey === firstKey.current) return;
    firstKey.current = userKey;
    client.current?.reconnect();
  }, [userKey]);

  return {
    messages,
    online,
    likes,
    mode,
    add: (message) => client.current?.add(message),
  };
}
