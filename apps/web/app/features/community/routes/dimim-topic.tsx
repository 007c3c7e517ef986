import { Island } from "../../../islands/Island.tsx";
import { keep, pageData } from "../../../lib/page-data.ts";
import { data, redirect } from "../../../lib/router.ts";
import { pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { requireIndexSegment, requirePublicId } from "../../../lib/server/guards.server.ts";
import { loadShareContext } from "../../../lib/server/share-context.server.ts";
import { formatBigNumber } from "../../../model/format.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { ListHeader } from "../../navigation/ListHeader.tsx";
import communityCss from "../community.css?url";
import { loadRequired } from "../load.server.ts";
import { communityMeta } from "../meta.ts";
import { communityPaths } from "../model.ts";
import { PostsIsland } from "../PostsIsland.tsx";
import type { Route } from "./+types/dimim-topic";

const pageSize = 10;

/**
 * /dimim/topic/index.html?name={hashtag}&circle={circle?} (R-ROUTE-1, decision 035): the posts under a
 * hashtag, newest first, in one circle when the link names it. Unknown hashtags and circles, and names
 * the API refuses, go to /404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  requireIndexSegment(params.index);
  const search = new URL(request.url).searchParams;
  const name = search.get("name") ?? "";
  if (!name.trim() || name.length > 200) throw redirect("/404");
  const circleParam = search.get("circle");
  const circle = circleParam === null ? undefined : requirePublicId(circleParam, undefined);
  const query = { name, ...(circle ? { circle } : {}) };
  // the hashtag's facts come with its first page: without them there is no page to draw
  const [first, share] = await Promise.all([
    loadRequired("circle topic", (c) => c.circleTopic({ query: { ...query, page: 1, size: pageSize } })),
    loadShareContext(),
  ]);
  return data(keep({ topic: first, query, share }));
}

export const headers: Route.HeadersFunction = pageCacheHeaders;

/** An island page (decision 061): the hashtag is server HTML; its posts with 加载更多 are an island woken by a tap. */
export const handle: PageHandle = { islands: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: communityCss }];

export const meta = communityMeta<typeof loader>(({ topic }) => ({
  kind: "collection",
  title: `#${topic.name}#${topic.circle ? ` · ${topic.circle.name}` : ""}`,
  summary: topic.intro || `${topic.post_count} 条动态`,
  link: topic.share_link,
  image: topic.list.find((post) => post.pictures.length)?.pictures[0]?.url ?? topic.circle?.cover ?? null,
}));

export default function TopicPage({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { topic, query } = loaderData;
  return (
    <>
      <ListHeader />
      <main className="cm-page ct-page">
        <header className="ct-hero">
          <h1 className="ct-name">#{topic.name}#</h1>
          {topic.intro ? <p className="ct-intro">{topic.intro}</p> : null}
          <p className="ct-counts">
            {formatBigNumber(topic.post_count)} 条动态
            {topic.circle ? (
              <>
                {" · 来自 "}
                <a href={communityPaths.circle(topic.circle.id)}>{topic.circle.name}</a>
              </>
            ) : null}
          </p>
        </header>
        <section className="cm-section" aria-labelledby="topic-posts-title">
          <h2 id="topic-posts-title" className="cm-section-title">
            最新动态
          </h2>
          <Island
            name="circle-posts"
            wake="interaction"
            component={PostsIsland}
            props={{
              first: {
                list: topic.list,
                page: topic.page,
                size: topic.size,
                total: topic.total,
                has_more: topic.has_more,
              },
              source: { kind: "topic", ...query, size: pageSize },
              emptyText: "这个话题下还没有动态",
              showCircle: !topic.circle,
            }}
          />
        </section>
      </main>
    </>
  );
}
