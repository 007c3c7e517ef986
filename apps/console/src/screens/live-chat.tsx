import type { LiveChatModeration } from "@davmu/contracts/live";
import { useCallback, useEffect, useState } from "react";
import { api } from "../api.ts";
import { formatTime, useT } from "../i18n.tsx";
import { Badge, NoticeBar, useNotice } from "../ui.tsx";

/**
 * A room's chat for its editors (R-LIVE-1): the latest messages with pin, remove and mute, and the
 * users muted in the room with unmute.
 */
export function LiveChat({ roomId }: { roomId: string }) {
  const { t, lang } = useT();
  const { notice, setNotice, fail, ok } = useNotice();
  const [chat, setChat] = useState<LiveChatModeration | null>(null);
  const [busy, setBusy] = useState(false);
  const room = `/editor/v3/live/room/${encodeURIComponent(roomId)}`;

  const load = useCallback(async () => {
    try {
      setChat(await api<LiveChatModeration>("GET", `${room}/chat`));
    } catch (error) {
      fail(error);
    }
  }, [room, fail]);

  useEffect(() => {
    setChat(null);
    load();
  }, [load]);

  /** One editor's action, its notice, then the chat read again. */
  const run = async (call: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await call();
      ok(done);
    } catch (error) {
      fail(error);
    }
    setBusy(false);
    load();
  };

  const muted = new Set(chat?.muted.map((user) => user.user_id));

  return (
    <section className="panel section" aria-labelledby="live-chat-title">
      <h2 id="live-chat-title">{t("liveChat")}</h2>
      <p className="muted small">{t("liveChatHint")}</p>
      <NoticeBar notice={notice} onClose={() => setNotice(null)} />
      {!chat && <p className="muted">{t("loading")}</p>}
      {chat && (
        <>
          <div className="table-wrap">
            <table className="table">
              <thead>
                <tr>
                  <th>{t("content")}</th>
                  <th>{t("author")}</th>
                  <th>{t("time")}</th>
                  <th>{t("actions")}</th>
                </tr>
              </thead>
              <tbody>
                {chat.messages.length === 0 && (
                  <tr>
                    <td colSpan={4} className="muted center">
                      {t("empty")}
                    </td>
                  </tr>
                )}
                {chat.messages.map((message) => {
                  const isPinned = chat.pinned_id === message.id;
                  return (
                    <tr key={message.id} data-message={message.id}>
                      <td className="comment-text">
                        {isPinned && <Badge tone="red">{t("pinnedBadge")}</Badge>}{" "}
                        {message.status === "pending" && <Badge tone="amber">{t("held")}</Badge>} {message.content}
                      </td>
                      <td className="nowrap">{message.nickname}</td>
                      <td className="nowrap muted">{formatTime(message.created_at, lang)}</td>
                      <td>
                        <div className="card-actions">
                          {message.status === "published" && (
                            <button
                              type="button"
                              className="ghost"
                              disabled={busy}
                              onClick={() =>
                                run(
                                  () => api("PUT", `${room}/pin`, { message_id: isPinned ? null : message.id }),
                                  t(isPinned ? "unpinned" : "pinned"),
                                )
                              }
                            >
                              {t(isPinned ? "unpin" : "pin")}
                            </button>
                          )}
                          <button
                            type="button"
                            className="danger"
                            disabled={busy}
                            onClick={() =>
                              run(() => api("DELETE", `${room}/messages/${message.id}`), t("messageRemoved"))
                            }
                          >
                            {t("remove")}
                          </button>
                          {!muted.has(message.author_id) && (
                            <button
                              type="button"
                              className="warning"
                              disabled={busy}
                              onClick={() =>
                                run(
                                  () => api("PUT", `${room}/mutes/${message.author_id}`),
                                  t("userMuted", { name: message.nickname }),
                                )
                              }
                            >
                              {t("mute")}
                            </button>
                          )}
                        </div>
                      </td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </div>
          <h3>{t("mutedUsers")}</h3>
          {chat.muted.length === 0 && <p className="muted">{t("empty")}</p>}
          <ul className="muted-users">
            {chat.muted.map((user) => (
              <li key={user.user_id} className="row">
                <span>{user.nickname}</span>
                <span className="muted small">{formatTime(user.at, lang)}</span>
                <button
                  type="button"
                  className="ghost"
                  disabled={busy}
                  onClick={() =>
                    run(() => api("DELETE", `${room}/mutes/${user.user_id}`), t("userUnmuted", { name: user.nickname }))
                  }
                >
                  {t("unmute")}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
