import { fileURLToPath } from "node:url";
import { siteBase } from "@davmu/contracts/site-path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { callRoutes } from "./call-routes.ts";

const pageRouterShim = fileURLToPath(new URL("app/lib/page-router/shim.tsx", import.meta.url));
const siteRouter = fileURLToPath(new URL("app/lib/router.ts", import.meta.url));

/**
 * Pages hydrate without React Router's client (decision 014): in the browser build the site's own
 * `import … from "react-router"` (lib/router.ts, the site's one door to routing, and the framework's
 * route-module wrappers) resolves to the page router, a small module with only what the site uses.
 * The server build keeps React Router.
 */
function pageRouter(): Plugin {
  return {
    name: "davmu:page-router",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    resolveId(source, importer) {
      if (source !== "react-router" || !importer || importer.includes("/node_modules/")) return null;
      return pageRouterShim;
    },
    // the site's router module (lib/router.ts, decision 021) only re-exports, so nothing of its own has
    // to run: without this, every chunk using it would also import the chunk it lands in
    transform(code, id) {
      return id === siteRouter ? { code, moduleSideEffects: false } : null;
    },
  };
}

export default defineConfig({
  base: siteBase,
  plugins: [pageRouter(), callRoutes(), reactRouter()],
  build: {
    // WeChat's in-app browsers: Chrome 78 on Android, WKWebView on iOS 12
    target: ["chrome78", "safari12"],
    cssTarget: ["chrome78", "safari12"],
  },
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // the libraries in one file: compressed as a whole it gzips smaller than the many small
            // chunks of the automatic split (about 3.5 KB less per page), and it stays cached across
            // deployments of the site's own code, which keeps its own chunks (and its lazy-loaded sheets)
            // hls.js stays out: it is loaded only where a stream needs it
            codeSplitting: {
              groups: [{ name: "vendor", test: /node_modules[\\/](?!hls\.js[\\/])/ }],
            },
          },
        },
      },
    },
  },
});
