import type { CirclePost } from "@davmu/contracts/circles";
import { ListState } from "./ListState.tsx";
import { PostCard } from "./PostCard.tsx";
import type { usePagedList } from "./paged.ts";

/** A circle's or a hashtag's posts, continued page by page, with the list's loading and empty states. */
export function PostList(props: {
  posts: ReturnType<typeof usePagedList<CirclePost>>;
  emptyText: string;
  /** Name each post's circle (a hashtag's posts come from several) */
  showCircle?: boolean;
}) {
  const { posts } = props;
  return (
    <>
      {posts.items.length ? (
        <ul className="cm-posts">
          {posts.items.map((post) => (
            <PostCard key={post.id} post={post} showCircle={props.showCircle} />
          ))}
        </ul>
      ) : null}
      <ListState
        state={posts.state}
        empty={posts.items.length === 0}
        hasMore={posts.hasMore}
        emptyText={props.emptyText}
        onMore={posts.more}
      />
    </>
  );
}
