import { type ComponentType, useEffect, useState } from "react";
import { lazyComponent } from "../../lib/lazy-component.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import type { BookingSheetProps } from "./BookingSheet.tsx";
import type { RoomApi } from "./room-api.ts";

const loadSheet = lazyComponent(() => import("./BookingSheet.tsx").then((m) => m.BookingSheet));

/** Saves the live's .ics reminder (R-LIVE-3): a download of a text/calendar file. */
export async function downloadReminder(event: {
  liveId: string;
  title: string;
  start: string;
  end: string | null;
  url: string;
  intro: string;
}) {
  const { buildIcs, icsFileName } = await import("./ics.ts");
  const text = buildIcs({
    uid: `live-${event.liveId}@davmu`,
    title: event.title,
    start: event.start,
    end: event.end,
    url: event.url,
    description: event.intro,
  });
  const link = document.createElement("a");
  link.href = URL.createObjectURL(new Blob([text], { type: "text/calendar;charset=utf-8" }));
  link.download = icsFileName(event.title);
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
}

/**
 * Booking before the start (R-CONTENT-10, R-LIVE-3): 预约 and 取消预约 for logged-in visitors (others
 * get the login popup), a calendar reminder once booked, and the visitor's booking list in a sheet.
 */
export function BookingButton(props: {
  api: () => RoomApi;
  liveId: string;
  title: string;
  start: string;
  end: string | null;
  url: string;
  intro: string;
}) {
  const session = useSession();
  const [booked, setBooked] = useState(false);
  const [busy, setBusy] = useState(false);
  const [Sheet, setSheet] = useState<ComponentType<BookingSheetProps> | null>(null);
  const userId = session.user?.user_id;

  // whether this visitor booked comes from their own answer: the page is the same for everyone
  useEffect(() => {
    if (!userId) {
      setBooked(false);
      return;
    }
    let live = true;
    props
      .api()
      .booked()
      .then((value) => {
        if (live) setBooked(value);
      })
      .catch(() => {});
    return () => {
      live = false;
    };
  }, [userId, props.api]);

  async function toggle() {
    if (!session.requireLogin()) return;
    setBusy(true);
    try {
      const answer = await props.api().book(!booked);
      if (!answer.ok) {
        toast(answer.message || "操作失败，请稍后再试");
        return;
      }
      setBooked(!booked);
      toast(booked ? "已取消预约" : "预约成功，开播前会提醒你");
    } catch {
      toast("网络异常，请稍后再试");
    } finally {
      setBusy(false);
    }
  }

  function openList() {
    if (!session.requireLogin()) return;
    loadSheet()
      .then((component) => setSheet(() => component))
      .catch(() => toast("网络异常，请稍后再试"));
  }

  return (
    <div className="live-booking">
      <button
        type="button"
        className={booked ? "booking-button is-booked" : "booking-button"}
        disabled={busy}
        aria-pressed={booked}
        data-testid="live-booking"
        onClick={() => {
          toggle().catch(() => {});
        }}
      >
        {booked ? "已预约" : "预约直播"}
      </button>
      {booked ? (
        <button
          type="button"
          className="booking-link"
          data-testid="live-reminder"
          onClick={() => {
            downloadReminder({ ...props }).catch(() => toast("日历提醒生成失败"));
          }}
        >
          添加到日历
        </button>
      ) : null}
      <button type="button" className="booking-link" onClick={openList}>
        我的预约
      </button>
      {Sheet ? <Sheet api={props.api} onClose={() => setSheet(null)} /> : null}
    </div>
  );
}
