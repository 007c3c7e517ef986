import { useEffect, useRef, useState } from "react";
import { Sheet } from "../../components/Sheet.tsx";
import { formatDateTime } from "../../model/format.ts";
import type { BookingEntry, RoomApi } from "./room-api.ts";

export interface BookingSheetProps {
  api: () => RoomApi;
  onClose(): void;
}

const statusText = { upcoming: "未开始", live: "直播中", ended: "已结束", replay: "回放" } as const;

/** The visitor's booked lives (GET booking_list), in a bottom sheet; fetched on first open. */
export function BookingSheet(props: BookingSheetProps) {
  const [list, setList] = useState<BookingEntry[] | null>(null);
  const [failed, setFailed] = useState(false);
  const close = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    let live = true;
    props
      .api()
      .bookings()
      .then((entries) => {
        if (live) setList(entries);
      })
      .catch(() => {
        if (live) setFailed(true);
      });
    return () => {
      live = false;
    };
  }, [props.api]);
  return (
    <Sheet
      labelledBy="booking-sheet-title"
      className="booking-sheet"
      testId="booking-sheet"
      onClose={props.onClose}
      initialFocus={close}
    >
      <div className="booking-sheet-head">
        <h2 id="booking-sheet-title">我的预约</h2>
        <button ref={close} type="button" className="booking-sheet-close" onClick={props.onClose}>
          关闭
        </button>
      </div>
      {list === null ? (
        <p className="booking-sheet-note">{failed ? "加载失败，请稍后再试" : "加载中…"}</p>
      ) : list.length === 0 ? (
        <p className="booking-sheet-note">还没有预约的直播</p>
      ) : (
        <ul className="booking-list">
          {list.map((entry) => (
            <li key={entry.live_id}>
              <a href={entry.link}>
                <span className={`booking-status is-${entry.status}`}>{statusText[entry.status]}</span>
                <span className="booking-title">{entry.title}</span>
                <time dateTime={entry.start_time}>{formatDateTime(entry.start_time)} 开播</time>
              </a>
            </li>
          ))}
        </ul>
      )}
    </Sheet>
  );
}
