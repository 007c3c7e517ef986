import type { CircleDetail } from "@davmu/contracts/circles";
import { Island } from "../../../islands/Island.tsx";
import { keep, pageData } from "../../../lib/page-data.ts";
import { data } from "../../../lib/router.ts";
import { noStore, pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { loadShareContext } from "../../../lib/server/share-context.server.ts";
import { formatBigNumber } from "../../../model/format.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { ListHeader } from "../../navigation/ListHeader.tsx";
import { OpenAppButton } from "../../open-app/OpenAppButton.tsx";
import communityCss from "../community.css?url";
import { loadOptional, loadRequired, queryPublicId } from "../load.server.ts";
import { communityMeta } from "../meta.ts";
import { communityPaths } from "../model.ts";
import { PostsIsland } from "../PostsIsland.tsx";
import type { Route } from "./+types/dimim-circle";

/** Posts per page of the circle's list. */
const pageSize = 5;

/**
 * /dimim/circle/index.html?id={circle} (R-ROUTE-1, decision 035): a circle's cover, name, members and
 * hashtags, and its posts, newest first, five at a time (more on 加载更多).
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const id = queryPublicId(request, params.index);
  const [circle, posts, share] = await Promise.all([
    loadRequired("circle", (c) => c.circleDetail({ query: { id } })),
    loadOptional("circle posts", (c) => c.circlePosts({ query: { id, page: 1, size: pageSize } })),
    loadShareContext(),
  ]);
  return data(keep({ circle, posts, share }), { headers: posts ? {} : noStore });
}

export const headers: Route.HeadersFunction = pageCacheHeaders;

/**
 * An island page (decision 061): the cover, intro, members and hashtags are server HTML; 加入圈子 and
 * the posts with their 加载更多 (`circle-posts`) are islands woken by a tap.
 */
export const handle: PageHandle = { islands: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: communityCss }];

export const meta = communityMeta<typeof loader>(({ circle }) => ({
  kind: "collection",
  title: `${circle.name} · 圈子`,
  summary: circle.intro,
  link: circle.share_link,
  image: circle.cover || null,
}));

function Members({ circle }: { circle: CircleDetail }) {
  return (
    <div className="cc-members">
      <ul className="cc-avatars" aria-label="最近加入的成员">
        {circle.members.map((member) => (
          <li key={member.user_id}>
            <img src={member.avatar || undefined} alt={member.alias} width={28} height={28} loading="lazy" />
          </li>
        ))}
      </ul>
      <span className="cc-member-text">{formatBigNumber(circle.member_count)} 位成员</span>
      <Island
        name="open-app-button"
        wake="interaction"
        component={OpenAppButton}
        props={{ className: "cc-join", text: ["加入圈子"] }}
      />
    </div>
  );
}

export default function CirclePage({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { circle } = loaderData;
  return (
    <>
      <ListHeader />
      <main className="cm-page cc-page">
        <header className="cc-hero">
          {circle.cover ? <img className="cc-cover" src={circle.cover} alt="" width={750} height={422} /> : null}
          <div className="cc-hero-text">
            <h1 className="cc-name">{circle.name}</h1>
            <p className="cc-counts">
              {formatBigNumber(circle.member_count)} 成员 · {formatBigNumber(circle.post_count)} 动态
            </p>
          </div>
        </header>
        <section className="cm-card cc-about" aria-label="圈子简介">
          <p className="cc-intro">{circle.intro}</p>
          <Members circle={circle} />
          {circle.topics.length ? (
            <ul className="cm-topics cc-topics" aria-label="热门话题">
              {circle.topics.map((topic) => (
                <li key={topic.name}>
                  <a className="cm-topic" href={communityPaths.topic(topic.name, circle.id)}>
                    #{topic.name}# <span className="cm-topic-count">{topic.post_count}</span>
                  </a>
                </li>
              ))}
            </ul>
          ) : null}
        </section>
        <section className="cm-section" aria-labelledby="circle-posts-title">
          <h2 id="circle-posts-title" className="cm-section-title">
            圈子动态
          </h2>
          <Island
            name="circle-posts"
            wake="interaction"
            component={PostsIsland}
            props={{
              first: loaderData.posts,
              source: { kind: "circle", id: circle.id, size: pageSize },
              emptyText: "圈子里还没有动态，打开客户端发第一条吧",
            }}
          />
        </section>
      </main>
    </>
  );
}
