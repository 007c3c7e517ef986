/**
 * The site's one door to routing: components, routes and lib modules import `Form`, the hooks,
 * `Await`, `data`, `redirect`, … from here, never from "react-router" directly. Links and the page's
 * address are the site's own (lib/nav.tsx, decision 058).
 *
 * On the server these are React Router's own. In the browser build "react-router" resolves to the
 * page router (`page-router/shim.tsx`, swapped in by `vite.config.ts`; decisions 014 and 021), which
 * implements only what this module names, with the same server markup. So this list is the contract
 * between the two: a name added here must exist in the shim (`page-router/router-door.test.ts` fails
 * otherwise), with the same markup and meaning as React Router's on the server.
 *
 * Server-only modules (`*.server.ts`, `entry.server.tsx`) and the page router itself may import the
 * framework directly: they never reach the browser build.
 */

export type { MetaDescriptor } from "react-router";
export {
  Await,
  data,
  Form,
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  redirect,
  useLocation,
  useMatches,
  useNavigate,
  useNavigation,
  useRouteLoaderData,
} from "react-router";
