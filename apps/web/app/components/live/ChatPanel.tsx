import { useEffect, useRef, useState } from "react";
import type { ChatMode } from "../../lib/live/chat-client.ts";
import type { RoomApi } from "../../lib/live/room-api.ts";
import type { ChatMessage } from "../../lib/live/types.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";

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
 * The room's chat (R-CONTENT-10, R-WEB-A11Y): messages in a polite live region, newest at the
 * bottom and kept in view while the reader is at the bottom; `overlay` draws it over a portrait stream.
 */
export function ChatList(props: { messages: readonly ChatMessage[]; mode: ChatMode; overlay?: boolean }) {
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
      {count === 0 ? <p className="chat-empty">还没有人发言，来说两句吧</p> : null}
      {props.mode === "polling" ? <p className="chat-mode">实时连接不可用，正在定时刷新</p> : null}
    </div>
  );
}

/** The chat input: logged-in visitors type and send; others are asked to log in first. */
export function ChatComposer(props: { api: () => RoomApi; onSent(message: ChatMessage): void; dark?: boolean }) {
  const session = useSession();
  const [text, setText] = useState("");
  const [busy, setBusy] = useState(false);
  if (!session.user) {
    return (
      <button type="button" className="chat-login" onClick={() => session.requireLogin()}>
        登录后参与聊天
      </button>
    );
  }
  async function send() {
    const content = text.trim();
    if (!content) {
      toast("说点什么吧");
      return;
    }
    setBusy(true);
    try {
      const result = await props.api().send(content);
      if (!result.ok) {
        toast(result.message || "发送失败，请稍后再试");
        return;
      }
      setText("");
      if (result.held || !result.message) toast("消息已提交，审核通过后显示");
      else props.onSent(result.message);
    } catch {
      toast("网络异常，请稍后再试");
    } finally {
      setBusy(false);
    }
  }
  return (
    <form
      className="chat-form"
      onSubmit={(event) => {
        event.preventDefault();
        send().catch(() => {});
      }}
    >
      <input
        className="chat-input"
        type="text"
        value={text}
        maxLength={200}
        placeholder="说点什么…"
        aria-label="聊天内容"
        enterKeyHint="send"
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="chat-send" disabled={busy}>
        发送
      </button>
    </form>
  );
}
