import type { CirclePost } from "@davmu/contracts/circles";
import { useSession } from "../../lib/session.tsx";
import { PostList } from "./PostList.tsx";
import { type Paged, usePagedList } from "./paged.ts";

/** Which list of posts: a circle's, or a hashtag's (in one circle when the link names it). */
export type PostsSource =
  | { kind: "circle"; id: string; size: number }
  | { kind: "topic"; name: string; circle?: string; size: number };

/**
 * A circle's or a hashtag's posts as an island (decision 061), woken by a tap in the list: the posts,
 * their likes and pictures, and 加载更多, which continues the list through the API. Everything comes
 * from its props: page 1 and where the next pages come from.
 */
export function PostsIsland(props: {
  first: Paged<CirclePost> | null;
  source: PostsSource;
  emptyText: string;
  showCircle?: boolean;
}) {
  const { source } = props;
  const session = useSession();
  const posts = usePagedList<CirclePost>(props.first, (page) =>
    source.kind === "circle"
      ? session.api().client.circlePosts({ query: { id: source.id, page, size: source.size } })
      : session.api().client.circleTopic({
          query: { name: source.name, ...(source.circle ? { circle: source.circle } : {}), page, size: source.size },
        }),
  );
  return <PostList posts={posts} emptyText={props.emptyText} showCircle={props.showCircle} />;
}
