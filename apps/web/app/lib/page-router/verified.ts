/**
 * The React Router release the page router was last checked against (decisions 014 and 021): that
 * the shim (shim.tsx) provides every name the site's router module (`lib/router.ts`) names and every
 * wrapper the framework's build puts around route modules, with the same server markup (shim.test.tsx),
 * and that the server's hand-off (handoff.server.ts, PageScripts.tsx) still reads the framework's
 * render context as the browser entry expects. `router-door.test.ts` fails when the installed
 * `react-router` or `@react-router/dev` is another version; update this after re-checking.
 */
export const verifiedReactRouterVersion = "8.4.0";
