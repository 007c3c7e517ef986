import { baseMeta } from "../lib/meta.ts";
import { data } from "../lib/router.ts";

/** /404 and every unknown path: the root error boundary draws the not-found page with status 404. */
export function loader() {
  throw data({ message: "抱歉，您访问的页面找不到了" }, { status: 404 });
}

export const meta = () => baseMeta([{ name: "robots", content: "noindex" }]);

export default function NotFound() {
  return null;
}
