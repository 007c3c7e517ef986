import { type ReactNode, useState } from "react";
import { VideoPlayer } from "../media/MediaPlayer.tsx";
import { CountdownFace } from "./LiveCountdown.tsx";
import type { RoomView } from "./room-view.ts";
import type { LiveRoomStatus } from "./types.ts";
import type { LiveParts } from "./useRoomLive.ts";

/**
 * The room's stage (R-LIVE-3): before the start the cover with the countdown (and `waiting`, the
 * booking); during the live the stream and after it the replays, in the native player (HLS natively
 * where the browser plays it, else hls.js, fetched only then); several streams get a picker.
 * `overlay` is drawn over the stream (the portrait room's chat).
 */
export function LiveStage(props: {
  room: RoomView;
  /** the room's interactive parts, once fetched: the countdown's clock and the stream picker */
  parts: LiveParts | null;
  title: string;
  status: LiveRoomStatus;
  confirm(): Promise<LiveRoomStatus>;
  onStatus(status: LiveRoomStatus): void;
  waiting?: ReactNode;
  overlay?: ReactNode;
}) {
  const { room, status } = props;
  const [index, setIndex] = useState(0);
  const [left, setLeft] = useState<number | null>(null);
  const { parts } = props;
  const streams = room.playlists.filter((p) => p.play_url);
  const stream = streams[index] ?? streams[0];
  const picture = room.background || stream?.cover || "";
  const shade = picture ? { backgroundImage: `url("${picture.replace(/"/g, "%22")}")` } : undefined;
  const portrait = room.orientation === "portrait";

  let body: ReactNode;
  if (status === "upcoming") {
    body = (
      <div className="live-stage-wait" style={shade}>
        <div className="live-stage-dim">
          <CountdownFace startTime={room.startTime} text={room.countdownText} showClock={room.countdown} left={left} />
          {parts ? (
            <parts.StartWatch
              startTime={room.startTime}
              statusSeen={status}
              confirm={props.confirm}
              onTick={setLeft}
              onStatus={props.onStatus}
            />
          ) : null}
          {props.waiting}
        </div>
      </div>
    );
  } else if ((status === "live" || status === "replay") && stream) {
    body = (
      <VideoPlayer
        key={stream.play_url}
        className={portrait ? "live-player is-portrait" : "live-player"}
        src={stream.play_url}
        poster={stream.cover}
        title={`${props.title}（${stream.name}）`}
        loop={portrait && status === "replay"}
      />
    );
  } else {
    body = (
      <div className="live-stage-wait" style={shade}>
        <div className="live-stage-dim">
          <p className="live-stage-note">{status === "ended" ? "直播已结束，回放即将上线" : "直播暂未开始"}</p>
        </div>
      </div>
    );
  }

  return (
    <>
      <div className={portrait ? "live-stage is-portrait" : "live-stage"} data-status={status}>
        {body}
        {props.overlay}
      </div>
      {parts && streams.length > 1 && (status === "live" || status === "replay") ? (
        <parts.StreamPicker streams={streams} current={index} replay={status === "replay"} onPick={setIndex} />
      ) : null}
    </>
  );
}
