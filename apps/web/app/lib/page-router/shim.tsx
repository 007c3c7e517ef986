/**
 * What the browser build gets for `import … from "react-router"` (vite.config.ts, decisions 014 and
 * 021): the few parts of React Router the site's components use, rendering the same markup React
 * Router renders on the server, over the page data the server hands over (page-data.ts) instead of a
 * client router. Links are plain links (every page is a document load); `navigate()` to the same path
 * with another query (加载更多) fetches that page and takes its data, as React Router would run its
 * loader.
 *
 * This module names everything the page router provides; the parts live by concern: hrefs
 * (href.ts), the page's state and `navigate` (store.ts), hooks (hooks.ts), `Link`, `Form`, `Await`,
 * `Meta` and `Links` (components.tsx), the route tree and the framework's wrappers (tree.tsx). It
 * must provide every name the site's router module (`lib/router.ts`) names, and the wrappers React
 * Router's build puts around route modules; it was checked against the React Router version in
 * `verified.ts` (router-door.test.ts).
 */

// what the site imports through lib/router.ts
export { Await, Form, Link, Links, Meta } from "./components.tsx";
export {
  isRouteErrorResponse,
  useLoaderData,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useParams,
  useRouteError,
  useRouteLoaderData,
  useSearchParams,
} from "./hooks.ts";
export { createHref, type Location } from "./href.ts";
// the page's hydration entry (entry.client.tsx)
export { type NavigateOptions, navigate, startPage } from "./store.ts";
// the tree, and what the framework's build wraps route modules' components with
export {
  data,
  Outlet,
  PageRoot,
  redirect,
  UNSAFE_withComponentProps,
  UNSAFE_withErrorBoundaryProps,
  UNSAFE_withHydrateFallbackProps,
} from "./tree.tsx";
