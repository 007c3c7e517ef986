import { EyeIcon } from "../../components/icons.tsx";
import { Island } from "../../islands/Island.tsx";
import type { ArticleView } from "../../model/article.ts";
import { FollowButton } from "./FollowButton.tsx";

/** Title and byline of a detail page: source (or media account with a follow button), time, views. */
export function DetailHead({ view, as: Heading = "h1" }: { view: ArticleView; as?: "h1" | "h2" }) {
  const { mp } = view;
  return (
    <>
      <Heading className="article-title">{view.title}</Heading>
      {mp ? (
        <div className="article-meta is-mp">
          {mp.avatar ? <img className="article-avatar" src={mp.avatar} alt="" width={36} height={36} /> : null}
          <div className="article-byline">
            <span className="article-source">{view.source}</span>
            <span className="article-byline-sub">
              <time dateTime={view.publishedAt}>{view.publishedLabel}</time>
              <span className="article-views">
                <EyeIcon />
                {view.views}
              </span>
            </span>
          </div>
          <Island name="follow-button" wake="interaction" component={FollowButton} props={{ mpId: mp.id }} />
        </div>
      ) : (
        <div className="article-meta">
          <span className="article-source">{view.source}</span>
          <time dateTime={view.publishedAt}>{view.publishedLabel}</time>
          <span className="article-views">
            <EyeIcon />
            {view.views}
          </span>
        </div>
      )}
    </>
  );
}
