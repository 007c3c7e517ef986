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

/** The hydration entry and the root route: every page with scripts loads both. */
const everyPageModules = ["app/entry.client.tsx", "app/root.tsx"].map((path) =>
  fileURLToPath(new URL(path, import.meta.url)),
);

/**
 * The site's modules every page loads: what the hydration entry and the root route import statically,
 * at any depth, but the libraries (the vendor chunk), the entry and the route modules themselves.
 * Read from the client build's module graph once it is complete, for the "site" chunk below.
 */
function everyPageCore(core: Set<string>): Plugin {
  return {
    name: "davmu:every-page-core",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      core.clear();
      const pending = [...everyPageModules];
      const seen = new Set<string>();
      while (pending.length) {
        const id = pending.pop() as string;
        if (seen.has(id)) continue;
        seen.add(id);
        const info = this.getModuleInfo(id);
        if (!info) continue;
        if (!everyPageModules.includes(id) && !id.includes("/node_modules/") && !id.startsWith("\0")) core.add(id);
        pending.push(...info.importedIds);
      }
    },
  };
}
const core = new Set<string>();

export default defineConfig({
  base: siteBase,
  plugins: [pageRouter(), callRoutes(), everyPageCore(core), reactRouter()],
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
            // the site's own modules every page loads go in one file too: compressed apart, as a dozen
            // small chunks, they cost about 3.5 KB more per page
            codeSplitting: {
              groups: [
                { name: "vendor", test: /node_modules[\\/](?!hls\.js[\\/])/ },
                { name: "site", test: (id) => core.has(id.split("?")[0] as string) },
              ],
            },
          },
        },
      },
    },
  },
});
