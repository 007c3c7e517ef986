import { formatDateTime } from "../../model/format.ts";
import { countdownParts } from "./clock.ts";

const pad = (n: number) => (n < 10 ? `0${n}` : String(n));

/**
 * The time left before a live (R-LIVE-3): days, hours, minutes and seconds once the clock runs
 * (`left`, from StartWatch in the room's parts), the start time until then (and on the server).
 */
export function CountdownFace(props: { startTime: string; text: string; showClock: boolean; left: number | null }) {
  const { left } = props;
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
