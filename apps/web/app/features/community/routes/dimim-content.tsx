import { Island } from "../../../islands/Island.tsx";
import { keep, pageData } from "../../../lib/page-data.ts";
import { data } from "../../../lib/router.ts";
import { pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import { loadShareContext } from "../../../lib/server/share-context.server.ts";
import { formatBigNumber, formatRelativeTime } from "../../../model/format.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { ListHeader } from "../../navigation/ListHeader.tsx";
import { OpenAppButton } from "../../open-app/OpenAppButton.tsx";
import { CommunityFooter } from "../CommunityFooter.tsx";
import communityCss from "../community.css?url";
import { loadRequired, queryPublicId } from "../load.server.ts";
import { communityMeta, person } from "../meta.ts";
import { communityPaths, postSummary } from "../model.ts";
import { PictureGrid } from "../PictureGrid.tsx";
import { AuthorLine, TopicChips } from "../PostCard.tsx";
import type { Route } from "./+types/dimim-content";

/**
 * /dimim/content/index.html?id={post} (R-ROUTE-1, decision 035): a circle post, its text, pictures
 * (with a viewer), author, likes, hashtags and newest comments; commenting and liking open the app.
 */
export async function loader({ params, request }: Route.LoaderArgs) {
  const id = queryPublicId(request, params.index);
  const [post, share] = await Promise.all([
    loadRequired("circle post", (c) => c.circlePost({ query: { id } })),
    loadShareContext(),
  ]);
  return data(keep({ post, share }));
}

export const headers: Route.HeadersFunction = pageCacheHeaders;

/**
 * An island page (decision 061): the post, its author and comments are server HTML; the pictures
 * (their viewer), the like buttons, 查看全部 and the footer are islands woken by a tap.
 */
export const handle: PageHandle = { islands: true };

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: communityCss }];

export const meta = communityMeta<typeof loader>(({ post }) => ({
  kind: "article",
  title: `${post.author.alias}在「${post.circle.name}」：${postSummary(post.text, 24)}`,
  summary: postSummary(post.text),
  link: post.share_link,
  image: post.pictures[0]?.url ?? (post.circle.cover || null),
  published: post.created_at,
  jsonLd: {
    "@type": "DiscussionForumPosting",
    headline: postSummary(post.text, 100),
    text: post.text,
    author: person(post.author.alias),
    datePublished: post.created_at,
    image: post.pictures.map((p) => new URL(p.url, post.share_link).href),
    isPartOf: { "@type": "WebPage", name: post.circle.name, url: post.circle.share_link },
    commentCount: post.comment_count,
    interactionStatistic: [
      {
        "@type": "InteractionCounter",
        interactionType: "https://schema.org/LikeAction",
        userInteractionCount: post.like_count,
      },
      {
        "@type": "InteractionCounter",
        interactionType: "https://schema.org/CommentAction",
        userInteractionCount: post.comment_count,
      },
    ],
  },
}));

export default function CirclePostPage({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { post } = loaderData;
  const more = post.comment_count - post.comments.length;
  return (
    <>
      <ListHeader />
      <main className="cm-page cp-page">
        <a className="cp-circle" href={communityPaths.circle(post.circle.id)}>
          {post.circle.cover ? <img src={post.circle.cover} alt="" width={32} height={32} /> : null}
          <span>
            来自圈子 <strong>{post.circle.name}</strong>
          </span>
          <span className="cp-circle-go" aria-hidden="true">
            ›
          </span>
        </a>
        <article className="cm-card cp-post" aria-labelledby="post-title">
          <h1 id="post-title" className="visually-hidden">
            {post.author.alias}的动态
          </h1>
          <AuthorLine alias={post.author.alias} avatar={post.author.avatar} time={post.created_at} />
          <p className="cp-text">{post.text}</p>
          {post.pictures.length ? (
            <Island
              name="circle-pictures"
              wake="interaction"
              component={PictureGrid}
              props={{ pictures: post.pictures, label: "动态图片", eager: true }}
            />
          ) : null}
          <TopicChips topics={post.topics} circle={post.circle.id} />
          <p className="cp-stats">
            <span>{formatBigNumber(post.like_count)} 赞</span>
            <span>{formatBigNumber(post.comment_count)} 评论</span>
          </p>
        </article>
        <section className="cm-section comments" id="comments" aria-labelledby="comments-title">
          <h2 id="comments-title" className="section-title">
            评论{" "}
            <span className="comments-count">{post.comment_count > 0 ? formatBigNumber(post.comment_count) : ""}</span>
          </h2>
          {post.comments.length === 0 ? (
            <p className="comments-empty">还没有评论，打开客户端抢沙发</p>
          ) : (
            <ul className="comment-list">
              {post.comments.map((comment) => (
                <li key={comment.id} className="comment" data-testid="comment">
                  <img
                    className="comment-avatar"
                    src={comment.author.avatar || undefined}
                    alt=""
                    width={34}
                    height={34}
                    loading="lazy"
                  />
                  <div className="comment-main">
                    <div className="comment-head">
                      <span className="comment-alias">{comment.author.alias}</span>
                      <Island
                        name="open-app-button"
                        wake="interaction"
                        component={OpenAppButton}
                        props={{
                          className: "comment-star",
                          label: `点赞，${comment.like_count} 人赞过`,
                          icon: "thumb",
                          text: [comment.like_count > 0 ? formatBigNumber(comment.like_count) : "赞"],
                        }}
                      />
                    </div>
                    <p className="comment-text">{comment.text}</p>
                    <div className="comment-foot">
                      <time dateTime={comment.created_at} suppressHydrationWarning>
                        {formatRelativeTime(comment.created_at)}
                      </time>
                    </div>
                  </div>
                </li>
              ))}
            </ul>
          )}
          {more > 0 ? (
            <Island
              name="open-app-button"
              wake="interaction"
              component={OpenAppButton}
              props={{
                className: "cm-more",
                text: ["打开客户端查看全部 ", formatBigNumber(post.comment_count), " 条评论"],
              }}
            />
          ) : null}
        </section>
      </main>
      <Island
        name="community-footer"
        wake="interaction"
        component={CommunityFooter}
        props={{ likes: post.like_count, prompt: "写评论…" }}
      />
    </>
  );
}
