import type { Activity } from "@davmu/contracts/activities";
import { ErrorCode } from "@davmu/contracts/error-codes";
import { useEffect, useState } from "react";
import { ListHeader } from "../components/ListHeader.tsx";
import { callApi } from "../lib/api.server.ts";
import { noStore } from "../lib/cache-headers.ts";
import { formatDateTime } from "../lib/format.ts";
import { requireIndexSegment, requirePublicId } from "../lib/guards.server.ts";
import { baseMeta } from "../lib/meta.ts";
import { data, redirect } from "../lib/router.ts";
import { useSession } from "../lib/session.tsx";
import { toast } from "../lib/toast.ts";
import activityCss from "../styles/activity.css?url";
import type { Route } from "./+types/activity";

/**
 * /activity/{post_id}/index.html (R-ACT-1): an activity's time, place, cover, description, sign-ups
 * and deadline, with sign-up for logged-in readers, once each, closed after the deadline or when full.
 */
export async function loader({ params }: Route.LoaderArgs) {
  requireIndexSegment(params.index);
  const id = requirePublicId(params.post_id, undefined);
  const answer = await callApi((c) => c.activity({ params: { id } }));
  if (answer.code === ErrorCode.notFound || answer.code === ErrorCode.contentUnavailable) throw redirect("/404");
  if (answer.code !== ErrorCode.ok) throw data({ message: "activity unavailable" }, { status: 502 });
  // the sign-up count changes with every reader: not kept by shared caches
  return data({ activity: answer.data }, { headers: noStore });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: activityCss }];

export const meta = () => baseMeta();

const stateText = { open: "立即报名", full: "名额已满", closed: "报名已截止" } as const;

export default function ActivityPage({ loaderData }: Route.ComponentProps) {
  const [activity, setActivity] = useState<Activity>(loaderData.activity);
  const [busy, setBusy] = useState(false);
  const session = useSession();
  const signedUp = activity.signed_up;
  const userId = session.user?.user_id;

  // the page is rendered for everyone: a logged-in reader's own sign-up comes from their own answer
  useEffect(() => {
    if (!userId) return;
    let live = true;
    session
      .api()
      .client.activity({ params: { id: loaderData.activity.post_id } })
      .then((answer) => {
        if (live && answer.code === ErrorCode.ok) setActivity(answer.data);
      })
      .catch((error) => console.warn("activity reload failed:", error));
    return () => {
      live = false;
    };
  }, [userId, session, loaderData.activity.post_id]);

  async function signup() {
    if (!session.requireLogin()) return;
    setBusy(true);
    try {
      const answer = await session.api().client.activitySignup({ params: { id: activity.post_id } });
      if (answer.code === ErrorCode.ok) {
        setActivity({ ...activity, signed_up: true, signup_count: answer.data.signup_count });
        toast("报名成功");
      } else {
        toast(answer.msg || "报名失败，请稍后再试");
        if (answer.msg === "您已报名，无需重复报名") setActivity({ ...activity, signed_up: true });
      }
    } catch {
      toast("网络异常，请稍后再试");
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <ListHeader />
      <main className="activity-page">
        {activity.cover ? (
          <img className="activity-cover" src={activity.cover} alt="" width={750} height={422} />
        ) : null}
        <article className="activity-body">
          <h1 className="activity-title">{activity.title}</h1>
          <dl className="activity-facts">
            <dt>活动时间</dt>
            <dd>
              {formatDateTime(activity.starts_at)} 至 {formatDateTime(activity.ends_at)}
            </dd>
            <dt>活动地点</dt>
            <dd>{activity.place}</dd>
            <dt>报名截止</dt>
            <dd>{formatDateTime(activity.deadline)}</dd>
            <dt>报名人数</dt>
            <dd>
              {activity.signup_count} / {activity.capacity}
            </dd>
          </dl>
          {activity.summary ? <p className="activity-summary">{activity.summary}</p> : null}
          {/* sanitised by the API */}
          <div className="activity-content" dangerouslySetInnerHTML={{ __html: activity.content }} />
        </article>
        <div className="activity-action">
          <button
            type="button"
            className="primary-button activity-signup"
            disabled={busy || signedUp || activity.state !== "open"}
            onClick={() => {
              signup().catch(() => toast("网络异常，请稍后再试"));
            }}
          >
            {signedUp ? "已报名" : stateText[activity.state]}
          </button>
        </div>
      </main>
    </>
  );
}
