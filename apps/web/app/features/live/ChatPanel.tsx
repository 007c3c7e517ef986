import { useState } from "react";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import type { RoomApi } from "./room-api.ts";
import type { ChatMessage } from "./types.ts";

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
