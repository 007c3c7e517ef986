import { type FormEvent, useState } from "react";
import { Link } from "react-router";
import { api } from "../api.ts";
import { formatTime, useT } from "../i18n.tsx";
import { Badge, duration, NoticeBar, PageHeader, TextField, useNotice, useNow } from "../ui.tsx";

interface LiveInfo {
  live_id: string;
  status: number;
  start_time: string;
  end_time: string | null;
  online_count: number;
  view_count: number;
  live_count: number;
}

const statuses = [
  { code: 0, label: "liveUpcoming", tone: "blue" },
  { code: 1, label: "liveOn", tone: "red" },
  { code: 2, label: "liveEnded", tone: "gray" },
  { code: 3, label: "liveReplay", tone: "green" },
] as const;

export function Live() {
  const { t, lang } = useT();
  const now = useNow();
  const { notice, setNotice, fail, ok } = useNotice();
  const [roomId, setRoomId] = useState("");
  const [room, setRoom] = useState<LiveInfo | null>(null);

  const setStatus = async (status: number, event?: FormEvent) => {
    event?.preventDefault();
    try {
      const info = await api<LiveInfo>("PUT", `/editor/v3/live/room/${encodeURIComponent(roomId.trim())}/status`, {
        status,
      });
      setRoom(info);
      ok(`${t("liveStatus")}：${t(statuses[info.status]?.label ?? "liveUpcoming")}`);
    } catch (error) {
      fail(error);
    }
  };

  const current = room ? statuses[room.status] : undefined;
  const startsIn = room ? Date.parse(room.start_time) - now : 0;

  return (
    <>
      <PageHeader title={t("navLive")} />
      <NoticeBar notice={notice} onClose={() => setNotice(null)} />
      <section className="panel">
        <div className="row wrap">
          <TextField label={t("liveRoom")} grow name="room" required value={roomId} onValue={setRoomId} />
        </div>
        <div className="row wrap">
          {statuses.map((status) => (
            <button
              key={status.code}
              type="button"
              className={room?.status === status.code ? "primary" : "ghost"}
              disabled={!roomId.trim()}
              onClick={() => setStatus(status.code)}
            >
              {t("setStatus")} {t(status.label)}
            </button>
          ))}
          {roomId.trim() && (
            <Link className="button ghost" to={`/live-chat?room=${encodeURIComponent(roomId.trim())}`}>
              {t("navLiveChat")}
            </Link>
          )}
        </div>
      </section>
      {room && current && (
        <section className="panel live-card" aria-label={t("liveStatus")}>
          <div className="row">
            <Badge tone={current.tone}>{t(current.label)}</Badge>
            <span className="mono">{room.live_id}</span>
          </div>
          {room.status === 0 && (
            <p className="countdown">
              {t("startsIn")} <strong className="mono">{duration(startsIn)}</strong> ·{" "}
              {formatTime(room.start_time, lang)}
            </p>
          )}
          <dl className="stats-row">
            <div>
              <dt>{t("online")}</dt>
              <dd>{room.online_count}</dd>
            </div>
            <div>
              <dt>{t("views")}</dt>
              <dd>{room.view_count}</dd>
            </div>
            <div>
              <dt>{t("messages")}</dt>
              <dd>{room.live_count}</dd>
            </div>
          </dl>
        </section>
      )}
    </>
  );
}
