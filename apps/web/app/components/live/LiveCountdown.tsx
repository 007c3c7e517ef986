import { useEffect, useRef, useState } from "react";
import { formatDateTime } from "../../lib/format.ts";
import { countdownParts, createStartWatch } from "../../lib/live/start-watch.ts";
import type { LiveRoomStatus } from "../../lib/live/types.ts";

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The time left before a live (R-LIVE-3): days, hours, minutes and seconds, ticking once a second;
 * at zero it asks the server and hands the new status to `onStatus` (the page then shows the player).
 * `statusSeen` is the status the room's socket reported; anything but upcoming ends the countdown.
 */
export function LiveCountdown(props: {
  startTime: string;
  text: string;
  showClock: boolean;
  statusSeen: LiveRoomStatus;
  confirm(): Promise<LiveRoomStatus>;
  onStatus(status: LiveRoomStatus): void;
}) {
  // the server renders the start time; the ticking clock starts in the browser
  const [left, setLeft] = useState<number | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const watch = useRef<ReturnType<typeof createStartWatch> | null>(null);

  useEffect(() => {
    const made = createStartWatch({
      startTime: props.startTime,
      confirm: () => latest.current.confirm(),
      onTick: setLeft,
      onStatus: (status) => latest.current.onStatus(status),
    });
    watch.current = made;
    made.start();
    return () => made.stop();
  }, [props.startTime]);

  useEffect(() => {
    watch.current?.statusChanged(props.statusSeen);
  }, [props.statusSeen]);

  const parts = countdownParts(left ?? 0);
  return (
    <div className="live-countdown" data-testid="live-countdown">
      <p className="live-countdown-label">{props.text || "距离直播开始还有"}</p>
      {props.showClock ? (
        <p className="live-countdown-clock" role="timer" aria-live="off">
          {left === null ? (
            <span className="live-countdown-start">{formatDateTime(props.startTime)} 开播</span>
          ) : (
            <>
              {parts.days > 0 ? (
                <>
                  <b>{parts.days}</b>天
                </>
              ) : null}
              <b>{pad(parts.hours)}</b>时<b>{pad(parts.minutes)}</b>分<b>{pad(parts.seconds)}</b>秒
            </>
          )}
        </p>
      ) : null}
      <p className="live-countdown-time">
        开播时间 <time dateTime={props.startTime}>{formatDateTime(props.startTime)}</time>
      </p>
    </div>
  );
}
