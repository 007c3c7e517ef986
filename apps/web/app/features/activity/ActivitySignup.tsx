import type { Activity } from "@davmu/contracts/activities";
import { ErrorCode } from "@davmu/contracts/error-codes";
import { useEffect, useState } from "react";
import { wakeIsland } from "../../lib/events.ts";
import { useExternalState } from "../../lib/hydrated.ts";
import { useSession } from "../../lib/session.tsx";
import { toast } from "../../lib/toast.ts";
import { activityCount } from "./activity-store.ts";

const stateText = { open: "立即报名", full: "名额已满", closed: "报名已截止" } as const;

/** Shows a newer sign-up count in the count's island, waking it if it sleeps. */
function showCount(count: number) {
  activityCount.set({ count });
  wakeIsland("activity-count");
}

/**
 * 报名人数 of an activity page: the server's count, then the one the sign-up button learnt (a sign-up
 * made, or the logged-in reader's own answer). An island woken by the button (wakeIsland).
 */
export function ActivityCount(props: { count: number; capacity: number }) {
  // the server's count while hydrating, so the markup matches
  const learnt = useExternalState(
    activityCount.subscribe,
    () => activityCount.get().count,
    () => null,
  );
  return (
    <>
      {learnt ?? props.count} / {props.capacity}
    </>
  );
}

/**
 * The sign-up button of an activity page (R-ACT-1): for logged-in readers, once each, closed after
 * the deadline or when full. The page is rendered for everyone: a logged-in reader's own sign-up comes
 * from their own answer once the island runs.
 */
export function ActivitySignup(props: { id: string; signedUp: boolean; state: Activity["state"] }) {
  const [signedUp, setSignedUp] = useState(props.signedUp);
  const [state, setState] = useState(props.state);
  const [busy, setBusy] = useState(false);
  const session = useSession();
  const userId = session.user?.user_id;

  useEffect(() => {
    if (!userId) return;
    let live = true;
    session
      .api()
      .client.activity({ params: { id: props.id } })
      .then((answer) => {
        if (!live || answer.code !== ErrorCode.ok) return;
        setSignedUp(answer.data.signed_up);
        setState(answer.data.state);
        showCount(answer.data.signup_count);
      })
      .catch((error) => console.warn("activity reload failed:", error));
    return () => {
      live = false;
    };
  }, [userId, session, props.id]);

  async function signup() {
    if (!session.requireLogin()) return;
    setBusy(true);
    try {
      const answer = await session.api().client.activitySignup({ params: { id: props.id } });
      if (answer.code === ErrorCode.ok) {
        setSignedUp(true);
        showCount(answer.data.signup_count);
        toast("报名成功");
      } else {
        toast(answer.msg || "报名失败，请稍后再试");
        if (answer.msg === "您已报名，无需重复报名") setSignedUp(true);
      }
    } catch {
      toast("网络异常，请稍后再试");
    } finally {
      setBusy(false);
    }
  }

  return (
    <button
      type="button"
      className="primary-button activity-signup"
      disabled={busy || signedUp || state !== "open"}
      onClick={() => {
        signup().catch(() => toast("网络异常，请稍后再试"));
      }}
    >
      {signedUp ? "已报名" : stateText[state]}
    </button>
  );
}
