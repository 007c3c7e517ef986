import { ThumbIcon } from "../../components/icons.tsx";
import { opensTheApp } from "./opens-the-app.ts";

/**
 * A button whose action happens in the app (加入圈子, + 关注, 有用, 点赞…): a tap asks to open it
 * (the open-app dialog, a host island woken by the store). An island of its own on the dejin,
 * circle and law pages (decision 061), woken by the tap; its text comes as parts (a count between
 * words is a text node of its own, as where the page wrote it inline), with the thumb icon before
 * it in a `<span>` for the like buttons.
 */
export function OpenAppButton(props: { className: string; text: string[]; label?: string; icon?: "thumb" }) {
  return (
    <button type="button" className={props.className} aria-label={props.label} {...opensTheApp}>
      {props.icon === "thumb" ? (
        <>
          <ThumbIcon />
          <span>{props.text}</span>
        </>
      ) : (
        props.text
      )}
    </button>
  );
}
