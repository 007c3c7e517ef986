import { ErrorCode } from "@davmu/contracts/error-codes";
import { Island } from "../../../islands/Island.tsx";
import { baseMeta } from "../../../lib/meta.ts";
import { keep, pageData } from "../../../lib/page-data.ts";
import { data, redirect } from "../../../lib/router.ts";
import { callApi } from "../../../lib/server/api.server.ts";
import { noStore } from "../../../lib/server/cache-headers.ts";
import { requireIndexSegment, requirePublicId } from "../../../lib/server/guards.server.ts";
import { formatDateTime } from "../../../model/format.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { ListHeader } from "../../navigation/ListHeader.tsx";
import { ActivityCount, ActivitySignup } from "../ActivitySignup.tsx";
import activityCss from "../activity.css?url";
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
  return data(keep({ activity: answer.data }), { headers: noStore });
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: activityCss }];

export const meta = () => baseMeta();

/**
 * An island page (decision 064): the activity's facts, cover and text are server HTML, never hydrated;
 * the sign-up button and the sign-up count are islands.
 */
export const handle: PageHandle = { islands: true };

export default function ActivityPage({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { activity } = loaderData;
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
              {/* woken by the button once it knows a newer count (a sign-up, the reader's own answer) */}
              <Island
                name="activity-count"
                wake="interaction"
                component={ActivityCount}
                props={{ count: activity.signup_count, capacity: activity.capacity }}
              />
            </dd>
          </dl>
          {activity.summary ? <p className="activity-summary">{activity.summary}</p> : null}
          {/* sanitised by the API */}
          <div className="activity-content" dangerouslySetInnerHTML={{ __html: activity.content }} />
        </article>
        <div className="activity-action">
          {/*
            idle, not interaction: a logged-in reader who signed up already must see 已报名 (their own
            answer, fetched by the island) without a tap; the button's bar is fixed on screen, so
            waking it when visible would be the same
          */}
          <Island
            name="activity-signup"
            wake="idle"
            component={ActivitySignup}
            props={{ id: activity.post_id, signedUp: activity.signed_up, state: activity.state }}
          />
        </div>
      </main>
    </>
  );
}
