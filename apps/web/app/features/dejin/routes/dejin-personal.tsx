import type { ClueReportList, ReporterPosts } from "@davmu/contracts/clue-reports";
import { Island } from "../../../islands/Island.tsx";
import { Link } from "../../../lib/nav.tsx";
import { keep, pageData } from "../../../lib/page-data.ts";
import { data, redirect } from "../../../lib/router.ts";
import { callApi } from "../../../lib/server/api.server.ts";
import { noStore, pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { requireIndexSegment } from "../../../lib/server/guards.server.ts";
import { toRelatedCard } from "../../../model/article.ts";
import { formatBigNumber } from "../../../model/format.ts";
import { pageParam } from "../../../model/lists.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { PagedList } from "../../lists/PagedList.tsx";
import { ListHeader } from "../../navigation/ListHeader.tsx";
import { OpenAppButton } from "../../open-app/OpenAppButton.tsx";
import { ChannelList } from "../ChannelList.tsx";
import dejinCss from "../dejin.css?url";
import { EmptyList, LoadFailed } from "../LoadFailed.tsx";
import { dejinMeta } from "../meta.ts";
import { dejinShareFacts } from "../share.server.ts";
import { initReporter, type Loaded, loadReporterTab, type ReporterTab, reporterTabs } from "../store.ts";
import type { Route } from "./+types/dejin-personal";

const tabNames: Record<ReporterTab, string> = { clues: "TA的线索", mentions: "@TA的", posts: "相关报道" };

/**
 * /dejin/personal/{user_id}/index.html (R-ROUTE-1, R-STORE-1): a reporter's page — profile, then as
 * tabs (`?tab=`) the clues they follow up, the clues that mention them and their news items, 10 at a
 * time. An unknown reporter goes to /404; a tab that fails says so on its own.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  requireIndexSegment(params.index);
  const userId = params.user_id ?? "";
  if (!/^[A-Za-z0-9_-]{1,64}$/.test(userId)) throw redirect("/404");
  const query = new URL(request.url).searchParams;
  const tab = (reporterTabs as readonly string[]).includes(query.get("tab") ?? "")
    ? (query.get("tab") as ReporterTab)
    : "clues";
  const page = pageParam(query.get("page"));
  const loaded = await initReporter(callApi, userId);
  if (loaded.state === "missing") throw redirect("/404");
  if (loaded.state === "failed") {
    return data(keep({ tab, page, reporter: null, share: null, now: Date.now() }), { status: 503, headers: noStore });
  }
  const reporter = loaded.data;
  if (page > 1) reporter[tab] = (await loadReporterTab(callApi, userId, tab, page)) as never;
  const { profile } = reporter;
  const share = await dejinShareFacts({
    kind: "article",
    link: profile.share_link,
    title: `${profile.name} · ${profile.title}`,
    summary: profile.bio,
    image: profile.avatar,
  });
  return keep({ tab, page, reporter, share, now: Date.now() });
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: dejinCss }];

/** Kept by the page cache for a few seconds like the other pages; a page from a failed load never. */
export const headers: Route.HeadersFunction = pageCacheHeaders;

export const meta = dejinMeta<typeof loader>();

/**
 * An island page (decision 061): the profile, the tabs (links) and the lists are server HTML; + 关注,
 * 加载更多 and the retry of a failed tab are islands woken by a tap.
 */
export const handle: PageHandle = { islands: true, styles: ["nav"] };

function TabBody(props: { tab: ReporterTab; list: Loaded<ClueReportList | ReporterPosts>; now: number }) {
  const { tab, list, now } = props;
  if (list.state !== "ready") return <LoadFailed what={tabNames[tab]} compact />;
  if (tab === "posts") {
    const posts = list.data as ReporterPosts;
    if (posts.list.length === 0) return <EmptyList />;
    const cards = posts.list.map((item) => toRelatedCard(item, now));
    return <PagedList initial={{ cards, hasMore: posts.page * posts.limit < posts.total }} page={posts.page} />;
  }
  const clues = list.data as ClueReportList;
  return (
    <ChannelList
      list={clues.list}
      page={clues.page}
      total={clues.total}
      now={now}
      empty={tab === "clues" ? "还没有跟进的线索" : "还没有人@TA"}
    />
  );
}

export default function DejinPersonal({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { tab, reporter, now } = loaderData;
  if (!reporter) {
    return (
      <div className="dj-page">
        <ListHeader />
        <main className="dj-main">
          <h1 className="dj-list-title">记者主页</h1>
          <LoadFailed what="记者主页" />
        </main>
      </div>
    );
  }
  const { profile } = reporter;
  const counts: Record<ReporterTab, number> = {
    clues: profile.clue_count,
    mentions: profile.at_count,
    posts: profile.post_count,
  };
  return (
    <div className="dj-page">
      <ListHeader />
      <main className="dj-main">
        <header className="dj-profile" data-testid="dejin-profile">
          <img className="dj-profile-avatar" src={profile.avatar} alt="" width={64} height={64} />
          <div className="dj-profile-text">
            <h1 className="dj-profile-name">{profile.name}</h1>
            <p className="dj-profile-title">{profile.title}</p>
          </div>
          <Island
            name="open-app-button"
            wake="interaction"
            component={OpenAppButton}
            props={{ className: "dj-follow", text: ["+ 关注"] }}
          />
          {profile.bio ? <p className="dj-profile-bio">{profile.bio}</p> : null}
          <ul className="dj-profile-counts">
            <li>
              <strong>{formatBigNumber(profile.follower_count)}</strong>粉丝
            </li>
            <li>
              <strong>{profile.clue_count}</strong>跟进线索
            </li>
            <li>
              <strong>{profile.post_count}</strong>报道
            </li>
          </ul>
        </header>
        <nav className="dj-tabs" aria-label="记者主页栏目">
          {reporterTabs.map((name) => (
            <Link
              key={name}
              to={`?tab=${name}`}
              className={name === tab ? "dj-tab dj-tab-on" : "dj-tab"}
              aria-current={name === tab ? "page" : undefined}
            >
              {tabNames[name]}
              <span className="dj-tab-count">{counts[name]}</span>
            </Link>
          ))}
        </nav>
        <section data-testid={`dejin-tab-${tab}`} aria-labelledby="dj-tab-title">
          {/* the cards are h3s: the tab's own heading keeps the outline h1 → h2 → h3 */}
          <h2 id="dj-tab-title" className="visually-hidden">
            {tabNames[tab]}
          </h2>
          <TabBody key={tab} tab={tab} list={reporter[tab]} now={now} />
        </section>
      </main>
    </div>
  );
}
