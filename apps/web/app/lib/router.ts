/**
 * The site's one door to React Router on the server: routes, the root and lib modules import `data`,
 * `redirect`, `Meta`, `Links`, `Outlet`, the hooks the root layout and loaders need, … from here,
 * never from "react-router" directly. The browser never runs React Router (decision 058): every page
 * is an island page, and an island takes everything from its props and the site's own modules (links
 * and the page's address: lib/nav.tsx). `scripts/check-bundle.ts` fails a build in which a script any
 * page loads carries React Router.
 */

export type { MetaDescriptor } from "react-router";
export {
  createContext as createRouterContext,
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
