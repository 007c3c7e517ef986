import type { Plugin } from "vite";

/** React Router's own modules (and its generated `.react-router/` files): they keep React. */
const reactRouterModule = /[\\/](react-router|@react-router)[\\/]|[\\/]\.react-router[\\/]/;

/** What each React entry point is in the browser. */
export const browserRenderer: Readonly<Record<string, string>> = {
  react: "preact/compat",
  "react-dom": "preact/compat",
  "react-dom/client": "preact/compat/client",
  "react/jsx-runtime": "preact/compat/jsx-runtime",
  "react/jsx-dev-runtime": "preact/compat/jsx-dev-runtime",
};

/** The module the client build takes for `source` imported by `importer`; null where it keeps its own. */
export function browserModuleFor(source: string, importer: string | undefined): string | null {
  const target = browserRenderer[source];
  // React Router's client entry and route wrappers, which the build makes but no page loads
  // (decision 058), keep the React they are written for
  if (!target || (importer && reactRouterModule.test(importer))) return null;
  return target;
}

/**
 * Preact in the browser (decision 070): the client build's imports of React and React DOM resolve to
 * Preact's compat layer, so an island that wakes brings a renderer of about 5 KB gzip instead of
 * React DOM's 60. The server renders with React as before; the islands are written against React's API
 * and typed with React's types, and hydrate the server's markup one by one (islands/hydrate.tsx).
 */
export function preactInTheBrowser(): Plugin {
  return {
    name: "davmu:preact-in-the-browser",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source, importer, options) {
      const target = browserModuleFor(source, importer);
      return target ? this.resolve(target, importer, { ...options, skipSelf: true }) : null;
    },
  };
}
