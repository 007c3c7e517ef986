import { Island } from "../../../islands/Island.tsx";
import { keep, pageData } from "../../../lib/page-data.ts";
import { data, redirect } from "../../../lib/router.ts";
import { callApi } from "../../../lib/server/api.server.ts";
import { noStore, pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { requireIndexSegment, requirePublicId } from "../../../lib/server/guards.server.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { ListHeader } from "../../navigation/ListHeader.tsx";
import { DejinFooterIsland } from "../DejinFooter.tsx";
import dejinCss from "../dejin.css?url";
import { LoadFailed } from "../LoadFailed.tsx";
import { dejinMeta } from "../meta.ts";
import { ReportCommentsIsland } from "../ReportComments.tsx";
import { ReportView } from "../ReportView.tsx";
import { reportCommentPageSize } from "../report-thread.ts";
import { dejinShareFacts } from "../share.server.ts";
import { initReport, load } from "../store.ts";
import type { Route } from "./+types/dejin-detail";

/**
 * /dejin/detail/{post_id}/index.html (R-ROUTE-1, R-LAYOUT-2): a clue report in the dejin layout —
 * header, the report (text, pictures, video, status and timeline, the reporter's reply, related posts),
 * readers' comments, comment footer. A report that does not exist goes to /404; one that cannot be loaded says so.
 */
export async function loader({ params }: Route.LoaderArgs) {
  requireIndexSegment(params.index);
  const id = requirePublicId(params.post_id, undefined);
  const loaded = await initReport(callApi, id);
  if (loaded.state === "missing") throw redirect("/404");
  if (loaded.state === "failed") {
    return data(keep({ report: null, share: null, comments: null, now: Date.now() }), {
      status: 503,
      headers: noStore,
    });
  }
  const report = loaded.data;
  // the first page of comments; a failed load leaves the list empty and the footer working
  const thread = await load(`comments of ${id}`, callApi, (c) =>
    c.clueReportComments({ params: { id }, query: { page: 1, size: reportCommentPageSize } }),
  );
  const comments = thread.state === "ready" ? thread.data : null;
  const share = await dejinShareFacts({
    kind: "article",
    link: report.share_link,
    title: report.title,
    summary: report.summary,
    image: report.cover,
    published: report.reported_at,
    author: report.author.alias,
  });
  return keep({ report, share, comments, now: Date.now() });
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: dejinCss }];

/** Kept by the page cache for a few seconds like the other pages; a page from a failed load never. */
export const headers: Route.HeadersFunction = pageCacheHeaders;

export const meta = dejinMeta<typeof loader>();

/**
 * An island page (decision 061): the report (text, pictures, video, timeline, reply, related posts)
 * is server HTML; the comment list (`dejin-comments`) and the footer (`dejin-footer`), which share the
 * report's thread store, the retry and the banner are islands woken by a tap.
 */
export const handle: PageHandle = { islands: true };

export default function DejinDetail({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { report, now, comments } = loaderData;
  return (
    <div className="dj-page dj-with-footer">
      <ListHeader />
      <main className="dj-main">
        {report ? (
          <>
            <ReportView report={report} now={now} />
            <Island
              name="dejin-comments"
              wake="interaction"
              component={ReportCommentsIsland}
              props={{ reportId: report.id, first: comments }}
            />
          </>
        ) : (
          <LoadFailed what="报料" />
        )}
      </main>
      {report ? (
        <Island
          name="dejin-footer"
          wake="interaction"
          component={DejinFooterIsland}
          props={{ reportId: report.id, views: report.view_sum }}
        />
      ) : null}
    </div>
  );
}
