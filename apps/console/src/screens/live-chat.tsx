import type { LiveChatModeration } from "@davmu/contracts/live";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import { useSearchParams } from "react-router";
import { api } from "../api.ts";
import { formatTime, useT } from "../i18n.tsx";
import { Badge, DataTable, LookupForm, NoticeBar, PageHeader, useNotice } from "../ui.tsx";

/**
 * Live chat moderation (R-CONSOLE-2: a moderator's duty, an editor's too for the rooms they run): a
 * room chosen by its id (kept in the address, `?room=`, so the live rooms screen can link to it).
 */
export function LiveChat() {
  const { t } = useT();
  const [params, setParams] = useSearchParams();
  const shown = params.get("room")?.trim() ?? "";
  const [roomId, setRoomId] = useState(shown);
  const load = (event: FormEvent) => {
    event.preventDefault();
    setParams(roomId.trim() ? { room: roomId.trim() } : {});
  };
  return (
    <>
      <PageHeader title={t("navLiveChat")} />
      <LookupForm
        label={t("liveRoom")}
        name="room"
        value={roomId}
        onChange={setRoomId}
        onSubmit={load}
        submit={t("loadChat")}
      />
      {shown && <RoomChat key={shown} roomId={shown} />}
    </>
  );
}

/**
 * A room's chat for its editors (R-LIVE-1): the latest messages with pin, remove and mute, and the
 * users muted in the room with unmute.
 */
function RoomChat({ roomId }: { roomId: string }) {
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
          <DataTable
            label={t("liveChat")}
            head={[t("content"), t("author"), t("time"), t("actions")]}
            rows={chat.messages}
            row={(message) => {
              const isPinned = chat.pinned_id === message.id;
              return (
                <tr key={message.id} data-message={message.id}>
                  <td className="comment-text">
                    {/* no spaces between: the cell keeps a message's own white space (pre-wrap) */}
                    {isPinned && <Badge tone="red">{t("pinnedBadge")}</Badge>}
                    {message.status === "pending" && <Badge tone="amber">{t("held")}</Badge>}
                    {message.content}
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
                        onClick={() => run(() => api("DELETE", `${room}/messages/${message.id}`), t("messageRemoved"))}
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
            }}
          />
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
