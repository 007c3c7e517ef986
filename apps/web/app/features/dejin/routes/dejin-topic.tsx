import { Link } from "../../../lib/nav.tsx";
import { keep, pageData } from "../../../lib/page-data.ts";
import { data, redirect } from "../../../lib/router.ts";
import { callApi } from "../../../lib/server/api.server.ts";
import { noStore, pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { requireIndexSegment } from "../../../lib/server/guards.server.ts";
import { formatBigNumber } from "../../../model/format.ts";
import { pageParam } from "../../../model/lists.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { ListHeader } from "../../navigation/ListHeader.tsx";
import { ChannelList } from "../ChannelList.tsx";
import dejinCss from "../dejin.css?url";
import { LoadFailed } from "../LoadFailed.tsx";
import { dejinMeta } from "../meta.ts";
import { dejinRoutes } from "../paths.ts";
import { dejinShareFacts } from "../share.server.ts";
import { changeChannelType, load } from "../store.ts";
import type { Route } from "./+types/dejin-topic";

/**
 * /dejin/topic/{topic_name}/index.html (R-ROUTE-1, R-STORE-1): a topic and its channel list, the most
 * read first, 10 at a time with 加载更多 (`?page=N`). Unknown topics go to /404.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  requireIndexSegment(params.index);
  const name = (params.topic_name ?? "").trim();
  if (!name) throw redirect("/404");
  const page = pageParam(new URL(request.url).searchParams.get("page"));
  const [loaded, recommended] = await Promise.all([
    changeChannelType(callApi, name, page),
    load("recommended topics", callApi, (c) => c.clueRecommendTopics()),
  ]);
  // other topics to go on with; without them the page simply shows none
  const more = recommended.state === "ready" ? recommended.data.list.filter((t) => t.name !== name).slice(0, 6) : [];
  if (loaded.state === "missing") throw redirect("/404");
  if (loaded.state === "failed") {
    return data(keep({ name, detail: null, more, share: null, now: Date.now() }), { status: 503, headers: noStore });
  }
  const { topic } = loaded.data;
  const share = await dejinShareFacts({
    kind: "collection",
    link: topic.share_link,
    title: `#${topic.name}#`,
    summary: topic.description || `${topic.report_count}条报料，${topic.view_sum}次阅读`,
    image: topic.cover || loaded.data.list[0]?.cover || "",
  });
  return keep({ name, detail: loaded.data, more, share, now: Date.now() });
}

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: dejinCss }];

/** Kept by the page cache for a few seconds like the other pages; a page from a failed load never. */
export const headers: Route.HeadersFunction = pageCacheHeaders;

export const meta = dejinMeta<typeof loader>();

/**
 * An island page (decision 061): the topic, its reports and the other topics are server HTML; 加载更多
 * (`dejin-more`), the retry of a failed load and the banner are islands woken by a tap.
 */
export const handle: PageHandle = { islands: true, styles: ["nav"] };

export default function DejinTopic({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { name, detail, more, now } = loaderData;
  return (
    <div className="dj-page">
      <ListHeader />
      <main className="dj-main">
        <header className="dj-topic-head">
          {detail?.topic.cover ? (
            <img className="dj-topic-cover" src={detail.topic.cover} alt="" width={750} height={300} />
          ) : null}
          <div className="dj-topic-shade">
            <h1 className="dj-topic-name">#{name}#</h1>
            {detail ? (
              <p className="dj-topic-stats">
                {detail.topic.report_count}条报料 · {formatBigNumber(detail.topic.view_sum)}次阅读
              </p>
            ) : null}
          </div>
        </header>
        {detail?.topic.description ? <p className="dj-topic-desc">{detail.topic.description}</p> : null}
        <Link className="dj-tip-entry" to={dejinRoutes.tip()}>
          <strong>身边有新鲜事？</strong>
          <span>我要爆料</span>
        </Link>
        <h2 className="dj-list-title">最热报料</h2>
        {detail ? (
          <ChannelList
            list={detail.list}
            page={detail.page}
            total={detail.total}
            now={now}
            empty="这个话题还没有报料"
          />
        ) : (
          <LoadFailed what="话题" />
        )}
        {more.length ? (
          <section className="dj-more-topics" aria-labelledby="dj-more-topics">
            <h2 id="dj-more-topics" className="dj-list-title">
              更多话题
            </h2>
            <ul>
              {more.map((topic) => (
                <li key={topic.name}>
                  <Link to={dejinRoutes.topic(topic.name)}>
                    #{topic.name}#<span>{topic.report_count}条报料</span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </main>
    </div>
  );
}
