import { Link } from "../../lib/nav.tsx";
import { BackIcon } from "./nav-icons.tsx";

/**
 * The search bar's 返回: back to the page the visitor came from, or home when the search page was
 * opened first (a plain link home without JavaScript). An island woken by the tap (decision 064).
 */
export function SearchBack(props: { label: string }) {
  return (
    <Link
      to="/"
      className="search-back"
      aria-label={props.label}
      onClick={(event) => {
        if (window.history.length > 1) {
          event.preventDefault();
          window.history.back();
        }
      }}
    >
      <BackIcon />
    </Link>
  );
}
