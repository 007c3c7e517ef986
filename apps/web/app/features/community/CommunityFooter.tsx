import { PenIcon, ThumbIcon } from "../../components/icons.tsx";
import { formatBigNumber } from "../../model/format.ts";
import { opensTheApp } from "../open-app/opens-the-app.ts";

/**
 * The bar fixed at the bottom of a post (the article's comment footer, R-UI-FOOTER): writing a
 * comment and liking happen in the app, so both ask to open it (spec §3).
 */
export function CommunityFooter(props: { likes: number; prompt: string }) {
  return (
    <div className="comment-footer cm-footer" data-testid="community-footer">
      <button type="button" className="cf-form cm-footer-write" {...opensTheApp}>
        <PenIcon />
        <span>{props.prompt}</span>
      </button>
      <button
        type="button"
        className="cf-icon cm-footer-like"
        aria-label={`点赞，${props.likes} 人赞过`}
        {...opensTheApp}
      >
        <ThumbIcon size={24} />
        <span className="cm-footer-count">{props.likes > 0 ? formatBigNumber(props.likes) : ""}</span>
      </button>
    </div>
  );
}
