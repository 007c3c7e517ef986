import type { CirclePost } from "@davmu/contracts/circles";
import { ThumbIcon } from "../../components/icons.tsx";
import { formatBigNumber, formatRelativeTime } from "../../model/format.ts";
import { opensTheApp } from "../open-app/opens-the-app.ts";
import { communityPaths } from "./model.ts";
import { PictureGrid } from "./PictureGrid.tsx";

/** Who wrote a post, and when: avatar, name and relative time. */
export function AuthorLine(props: { alias: string; avatar: string; time: string; extra?: string }) {
  return (
    <div className="cm-author">
      <img className="cm-avatar" src={props.avatar || undefined} alt="" width={40} height={40} loading="lazy" />
      <div className="cm-author-text">
        <span className="cm-alias">{props.alias}</span>
        <span className="cm-meta">
          <time dateTime={props.time} suppressHydrationWarning>
            {formatRelativeTime(props.time)}
          </time>
          {props.extra ? ` · ${props.extra}` : ""}
        </span>
      </div>
    </div>
  );
}

/** A post's hashtags, each a link to its page (within the circle when `circle` is given). */
export function TopicChips(props: { topics: string[]; circle?: string | null }) {
  if (props.topics.length === 0) return null;
  return (
    <ul className="cm-topics" aria-label="话题">
      {props.topics.map((name) => (
        <li key={name}>
          <a className="cm-topic" href={communityPaths.topic(name, props.circle)}>
            #{name}#
          </a>
        </li>
      ))}
    </ul>
  );
}

/** A post in a list: author, text (folded after six lines), pictures, hashtags, likes and comments. */
export function PostCard(props: { post: CirclePost; showCircle?: boolean }) {
  const { post } = props;
  const link = communityPaths.post(post.id);
  return (
    <li className="cm-post" data-testid="circle-post">
      <AuthorLine
        alias={post.author.alias}
        avatar={post.author.avatar}
        time={post.created_at}
        extra={props.showCircle ? post.circle.name : undefined}
      />
      <a className="cm-post-text" href={link}>
        {post.text}
      </a>
      <PictureGrid pictures={post.pictures} label={`${post.author.alias}的图片`} />
      <TopicChips topics={post.topics} circle={props.showCircle ? null : post.circle.id} />
      <div className="cm-post-foot">
        <button type="button" className="cm-stat" aria-label={`点赞，${post.like_count} 人赞过`} {...opensTheApp}>
          <ThumbIcon />
          <span>{post.like_count > 0 ? formatBigNumber(post.like_count) : "赞"}</span>
        </button>
        <a className="cm-stat" href={`${link}#comments`} aria-label={`评论 ${post.comment_count} 条`}>
          <CommentIcon />
          <span>{post.comment_count > 0 ? formatBigNumber(post.comment_count) : "评论"}</span>
        </a>
      </div>
    </li>
  );
}

export function CommentIcon() {
  return (
    <svg
      width="16"
      height="16"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <path d="M4 5h16v11H9l-5 4z" strokeLinejoin="round" />
    </svg>
  );
}
