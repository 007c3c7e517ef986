import { baseMeta } from "../../../lib/meta.ts";
import { pageCacheHeaders } from "../../../lib/server/cache-headers.ts";
import type { PageHandle } from "../../../page-styles.ts";
import { NavBar } from "../NavBar.tsx";
import type { Route } from "./+types/bar";

export const meta = () => baseMeta([{ name: "robots", content: "noindex" }]);

export const headers: Route.HeadersFunction = pageCacheHeaders;

/** An island page (decision 064): the bar is the page, one island. */
export const handle: PageHandle = { islands: true, styles: ["nav"] };

/**
 * /bar (R-ROUTE-1): the site's bottom navigation bar alone, from the editors' app info, for the
 * native app or a partner page to embed as a strip (a web view about 56 px tall): the same items,
 * icons and colours as the bar under the site's list pages, each opening its page.
 */
export default function Bar() {
  return (
    <main className="bar-page">
      <h1 className="visually-hidden">底部导航</h1>
      {/*
        idle, not interaction: without a choice of its own the bar follows the system's dark mode,
        and its labels' colours (inline, from app info) give way to the dark theme's only once the
        script has read it
      */}
      <NavBar wake="idle" />
    </main>
  );
}
