import { baseMeta } from "../../../lib/meta.ts";
import { data } from "../../../lib/router.ts";
import type { PageHandle } from "../../../page-styles.ts";

/** /404 and every unknown path: the root error boundary draws the not-found page with status 404. */
export function loader() {
  throw data({ message: "抱歉，您访问的页面找不到了" }, { status: 404 });
}

/**
 * An island page (decision 064): the not-found page has nothing to hydrate (its one link is a plain
 * link). It is drawn by the root's error boundary, which decides how an error page is handed over.
 */
export const handle: PageHandle = { islands: true };

export const meta = () => baseMeta([{ name: "robots", content: "noindex" }]);

export default function NotFound() {
  return null;
}
