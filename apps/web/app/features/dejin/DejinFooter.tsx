import { type FormEvent, useState } from "react";
import { wakeIsland } from "../../lib/events.ts";
import { formatBigNumber } from "../../model/format.ts";
import { opensTheApp } from "../open-app/opens-the-app.ts";
import { useReportThread } from "./ReportComments.tsx";

/**
 * The dejin layout's comment footer (R-LAYOUT-2): the comment box posting on the report (the login
 * popup first when logged out), the report's views, and 追问记者, which happens in the app.
 */
export function DejinFooter({ views, onSend }: { views: number; onSend(text: string): Promise<boolean> }) {
  const [text, setText] = useState("");
  const [sending, setSending] = useState(false);
  async function send(event?: FormEvent) {
    if (event) event.preventDefault();
    if (sending) return;
    setSending(true);
    try {
      if (await onSend(text)) setText("");
    } finally {
      setSending(false);
    }
  }

  const ready = text.trim() !== "";
  return (
    <footer className="dj-footer" data-testid="dejin-footer">
      <form className="dj-footer-form" onSubmit={send}>
        <input
          className="dj-footer-input"
          type="text"
          name="comment"
          enterKeyHint="send"
          autoComplete="off"
          maxLength={500}
          aria-label="写评论"
          placeholder="说说你的看法…"
          value={text}
          onChange={(e) => setText(e.target.value)}
        />
      </form>
      {ready ? (
        <button
          type="button"
          className="dj-footer-send"
          disabled={sending}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => void send()}
        >
          发送
        </button>
      ) : (
        <span className="dj-footer-views">{formatBigNumber(views)}阅读</span>
      )}
      <button type="button" className="dj-footer-action" {...opensTheApp}>
        追问记者
      </button>
    </footer>
  );
}

/**
 * The footer as an island (decision 061), woken by a tap or a focus in it: it sends through the
 * report's thread store (report-thread.ts), and a comment sent wakes the list, which shows it.
 */
export function DejinFooterIsland({ reportId, views }: { reportId: string; views: number }) {
  const thread = useReportThread(reportId, null, false);
  async function onSend(text: string) {
    const sent = await thread.send(text);
    if (sent) wakeIsland("dejin-comments");
    return sent;
  }
  return <DejinFooter views={views} onSend={onSend} />;
}
