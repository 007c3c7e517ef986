import { useCallback, useMemo, useState } from "react";
import { useContentT } from "../../lib/i18n/content.ts";
import { useI18n } from "../../lib/i18n/context.tsx";
import { usePageSettings } from "../../lib/page-settings.tsx";
import { useSession } from "../../lib/session.tsx";
import { formatBigNumber } from "../../model/format.ts";
import type { Lang } from "../../model/i18n/lang.ts";
import { HeartIcon } from "./HeartIcon.tsx";
import { LiveStage } from "./LiveStage.tsx";
import { LiveTimeline, type TimelineImages } from "./LiveTimeline.tsx";
import type { RoomTab, RoomView } from "./room-view.ts";
import type { LiveRoomStatus } from "./types.ts";
import { type LiveParts, loadLiveParts, useRoomLive } from "./useRoomLive.ts";

const badgeText: Record<Lang, Record<LiveRoomStatus, string>> = {
  "zh-CN": { upcoming: "未开始", live: "直播中", ended: "已结束", replay: "回放" },
  en: { upcoming: "Upcoming", live: "Live", ended: "Ended", replay: "Replay" },
};

function Badge({ status }: { status: LiveRoomStatus }) {
  const { lang } = useI18n();
  return (
    <span className={`live-badge is-${status}`} data-testid="live-status">
      {status === "live" ? <span className="live-dot" aria-hidden="true" /> : null}
      {(badgeText[lang] ?? badgeText["zh-CN"])[status]}
    </span>
  );
}

function Tabs(props: { tabs: RoomTab[]; render(tab: RoomTab): React.ReactNode }) {
  const [current, setCurrent] = useState(props.tabs[0]?.key ?? "");
  if (props.tabs.length === 0) return null;
  return (
    <section className="live-tabs">
      <div className="live-tab-bar" role="tablist" aria-label="直播栏目">
        {props.tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={`live-tab-${tab.key}`}
            aria-selected={tab.key === current}
            aria-controls={`live-panel-${tab.key}`}
            tabIndex={tab.key === current ? 0 : -1}
            className={tab.key === current ? "live-tab is-current" : "live-tab"}
            onClick={() => setCurrent(tab.key)}
          >
            {tab.name}
          </button>
        ))}
      </div>
      {props.tabs.map((tab) => (
        <div
          key={tab.key}
          role="tabpanel"
          id={`live-panel-${tab.key}`}
          aria-labelledby={`live-tab-${tab.key}`}
          className={`live-panel is-${tab.kind}`}
          hidden={tab.key !== current}
        >
          {props.render(tab)}
        </div>
      ))}
    </section>
  );
}

/**
 * The live room (R-CONTENT-10, R-LIVE-1, R-LIVE-3, R-ENT-LIVE): the stage (countdown, stream or
 * replays), the title in a band the player never covers, the notice, the columns as tabs (chat,
 * introduction, links), the disclaimer, and a dock with the chat input and the like button. A
 * landscape live has its 16:9 player above the title; a portrait one has the title band above a 9:16
 * stream with the chat drawn over it. An island (decision 060): it takes everything from its props.
 */
export function LiveRoom(props: {
  room: RoomView;
  title: string;
  /** the item's lead, under the title (in the server's HTML like every page's lead) */
  lead?: string;
  source: string;
  shareLink: string;
  /** an image-text live's posts: drawn as the first tab, with the cover in place of the player */
  timeline?: TimelineImages;
  cover: string;
}) {
  const { room, title } = props;
  const t = useContentT();
  const { lang } = useI18n();
  const session = useSession();
  const { publicApiBase } = usePageSettings();
  const [status, setStatus] = useState<LiveRoomStatus>(room.status);
  const liveId = room.liveId;
  const apiOf = useCallback(
    (parts: LiveParts) => parts.roomApi(() => session.api().client, liveId ?? ""),
    [session, liveId],
  );
  const live = useRoomLive(liveId, {
    api: apiOf,
    socketUrl: (parts) => parts.socketUrl(publicApiBase, window.location.origin),
    token: () => {
      const values = session.api().values;
      return values.token() ?? values.anonymousToken();
    },
    userKey: String(session.user?.user_id ?? ""),
    onStatus: setStatus,
  });
  const parts = live.parts;
  const api = useCallback(() => {
    if (!parts) throw new Error("live room parts not loaded");
    return apiOf(parts);
  }, [parts, apiOf]);
  // the countdown's question at zero: the room's calls come with the parts
  const confirm = useCallback(() => loadLiveParts().then((loaded) => apiOf(loaded).status()), [apiOf]);
  const portrait = room.orientation === "portrait";
  const hasChat = liveId !== null && room.tabs.some((tab) => tab.kind === "chat");
  const online = live.online ?? room.online;
  const image = props.timeline !== undefined;
  const tabs = useMemo(() => {
    const shown = portrait ? room.tabs.filter((tab) => tab.kind !== "chat") : room.tabs;
    return image ? [{ key: "timeline", name: "图文直播", kind: "timeline" as const, url: "" }, ...shown] : shown;
  }, [portrait, image, room.tabs]);

  const head = (
    <header className="live-head">
      <h1 className="live-title">{title}</h1>
      {props.lead ? <p className="live-lead">{props.lead}</p> : null}
      <p className="live-facts on-dark">
        <Badge status={status} />
        <span data-testid="live-online">{t("liveWatching", { count: formatBigNumber(online, lang) })}</span>
        <span>{props.source}</span>
      </p>
    </header>
  );

  // the message an editor pinned, above the chat (R-LIVE-1)
  const pinned =
    hasChat && room.pinned ? (
      <p className="chat-pinned" data-testid="live-pinned">
        <span className="chat-pinned-label">{lang === "en" ? "Pinned" : "置顶"}</span>
        <span className="chat-name">{room.pinned.nickname}</span>
        <span className="chat-text">{room.pinned.content}</span>
      </p>
    ) : null;

  // the chat's list comes with the parts; until then an empty live region of the same place
  const chatList = !hasChat ? null : parts ? (
    <parts.ChatList messages={live.messages} mode={live.mode} overlay={portrait} hasPinned={pinned !== null} />
  ) : (
    <div className={portrait ? "live-chat is-overlay" : "live-chat"}>
      <ol className="chat-list" aria-live="polite" aria-label="直播聊天" />
    </div>
  );

  return (
    <div
      className={`live-room is-${room.orientation}`}
      data-screen={image ? "ImageScreen" : portrait ? "PortraitScreen" : "LandscapeScreen"}
      data-live-id={liveId ?? ""}
    >
      {portrait ? head : null}
      {image ? (
        props.cover ? (
          <div className="live-cover">
            <img src={props.cover} alt="" width={750} height={422} fetchPriority="high" />
          </div>
        ) : null
      ) : (
        <LiveStage
          room={room}
          parts={parts}
          title={title}
          status={status}
          confirm={confirm}
          onStatus={setStatus}
          overlay={portrait ? chatList : null}
          waiting={
            liveId !== null && status === "upcoming" ? (
              parts ? (
                <parts.BookingButton
                  api={api}
                  liveId={liveId}
                  title={title}
                  start={room.startTime}
                  end={room.endTime}
                  url={props.shareLink}
                  intro={room.intro}
                />
              ) : (
                <div className="live-booking">
                  <button type="button" className="booking-button" disabled>
                    预约直播
                  </button>
                </div>
              )
            ) : null
          }
        />
      )}
      {portrait ? null : head}
      {room.notice ? (
        <p className="live-notice" role="note">
          <span className="live-notice-tag">公告</span>
          {room.notice}
        </p>
      ) : null}
      {portrait ? pinned : null}
      <Tabs
        tabs={tabs}
        render={(tab) =>
          tab.kind === "chat" ? (
            <>
              {pinned}
              {chatList}
            </>
          ) : tab.kind === "timeline" ? (
            <LiveTimeline images={props.timeline ?? []} titled={false} />
          ) : tab.kind === "link" ? (
            <a className="live-link" href={tab.url} target="_blank" rel="noopener noreferrer">
              {tab.name}
              <span aria-hidden="true"> ›</span>
            </a>
          ) : (
            <div className="live-intro">
              <p>{room.intro || "暂无简介"}</p>
            </div>
          )
        }
      />
      {room.disclaimer ? <p className="live-disclaimer">{room.disclaimer}</p> : null}
      {liveId !== null ? (
        <div className="live-dock">
          {!hasChat ? (
            <span className="live-dock-fill" />
          ) : parts ? (
            <parts.ChatComposer api={api} onSent={live.add} />
          ) : (
            <span className="chat-login">说点什么…</span>
          )}
          {parts ? (
            <parts.LikeButton api={api} total={live.likes} initial={room.likes} />
          ) : (
            <div className="live-like">
              <button type="button" className="live-like-button" aria-label="点赞" disabled>
                <HeartIcon />
              </button>
              <span className="live-like-count">{formatBigNumber(room.likes)}</span>
            </div>
          )}
        </div>
      ) : null}
    </div>
  );
}
