import { useEffect, useRef } from "react";
import type { ChatMode } from "./chat-client.ts";
import type { ChatMessage } from "./types.ts";

const palette = ["#e5603b", "#3b7be5", "#2fa36b", "#b05ad6", "#d69a2a"];

function Avatar({ message }: { message: ChatMessage }) {
  if (message.avatar) return <img className="chat-avatar" src={message.avatar} alt="" width={28} height={28} />;
  const color = palette[Math.abs(Number(message.user_id ?? 0)) % palette.length];
  return (
    <span className="chat-avatar" style={{ background: color }} aria-hidden="true">
      {Array.from(message.nickname || "网")[0]}
    </span>
  );
}

/**
 * The line under an empty chat: "nobody spoke yet" only while no message is pinned above it (a
 * pinned message is one somebody wrote, R-LIVE-1), else just the invitation to speak.
 */
export const emptyChatLine = (hasPinned: boolean) => (hasPinned ? "来说两句吧" : "还没有人发言，来说两句吧");

/**
 * The room's chat (R-CONTENT-10, R-WEB-A11Y): messages in a polite live region, newest at the
 * bottom and kept in view while the reader is at the bottom; `overlay` draws it over a portrait stream;
 * `hasPinned`: a message is pinned above the list.
 */
export function ChatList(props: {
  messages: readonly ChatMessage[];
  mode: ChatMode;
  overlay?: boolean;
  hasPinned?: boolean;
}) {
  const ref = useRef<HTMLOListElement>(null);
  const pinned = useRef(true);
  const count = props.messages.length;
  useEffect(() => {
    const list = ref.current;
    if (list && pinned.current && count > 0) list.scrollTop = list.scrollHeight;
  }, [count]);
  return (
    <div className={props.overlay ? "live-chat is-overlay" : "live-chat"} data-mode={props.mode}>
      <ol
        ref={ref}
        className="chat-list"
        aria-live="polite"
        aria-relevant="additions"
        aria-label="直播聊天"
        data-testid="live-chat-list"
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling list must be reachable by keyboard (axe scrollable-region-focusable)
        tabIndex={0}
        onScroll={(event) => {
          const list = event.currentTarget;
          pinned.current = list.scrollHeight - list.scrollTop - list.clientHeight < 40;
        }}
      >
        {props.messages.map((message) => (
          <li key={message.seq} className="chat-item" data-seq={message.seq}>
            <Avatar message={message} />
            <p>
              <span className="chat-name">{message.nickname}</span>
              <span className="chat-text">{message.content}</span>
            </p>
          </li>
        ))}
      </ol>
      {count === 0 ? <p className="chat-empty">{emptyChatLine(props.hasPinned === true)}</p> : null}
      {props.mode === "polling" ? <p className="chat-mode">实时连接不可用，正在定时刷新</p> : null}
    </div>
  );
}
