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

const islandBoot = fileURLToPath(new URL("app/islands/boot.ts", import.meta.url));
/** An island page's start-up (decision 056), imported by the loader once the browser is idle. */
const pageEffects = fileURLToPath(new URL("app/islands/page-effects.ts", import.meta.url));
const islandBootModule = "virtual:davmu/island-boot";

/**
 * The island loader's entry (app/islands/boot.ts, decision 053) is a chunk of its own in the client
 * build; the server reads its URL from `virtual:davmu/island-boot` to write it into island pages. The
 * client build runs first, so its file name is known when the server build asks.
 */
function islandEntry(): Plugin {
  // React Router loads this config once per environment's build: the client build's file name is
  // handed to the server build's copy of the plugin through the process
  const shared = globalThis as { davmuIslandBootFile?: string };
  let base = siteBase;
  return {
    name: "davmu:island-entry",
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      if (this.environment.name === "client" && this.environment.mode === "build") {
        this.emitFile({ type: "chunk", id: islandBoot, name: "islands" });
      }
    },
    generateBundle(_options, bundle) {
      if (this.environment.name !== "client") return;
      for (const chunk of Object.values(bundle)) {
        // the entry lands in the "islands" group's chunk (below), which runs it when imported
        if (chunk.type === "chunk" && chunk.moduleIds.includes(islandBoot)) shared.davmuIslandBootFile = chunk.fileName;
      }
    },
    resolveId(source) {
      return source === islandBootModule ? `\0${islandBootModule}` : null;
    },
    load(id) {
      if (id !== `\0${islandBootModule}`) return null;
      // in development Vite serves the module by its path under the root
      const bootFile = shared.davmuIslandBootFile;
      const url = bootFile ? `${base}${bootFile}` : `${base}app/islands/boot.ts`;
      return `export default ${JSON.stringify(url)};`;
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
function everyPageCore(
  core: Set<string>,
  islandModules: Set<string>,
  islandShared: Set<string>,
  effectModules: Set<string>,
): Plugin {
  return {
    name: "davmu:every-page-core",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      // the island loader's modules stay out of the page router's "site" chunk: an island page loads
      // them alone, without the rest of what every page-router page loads
      // (the build runs this hook again later without the entry: the first, complete, graph is kept)
      if (!this.getModuleInfo(islandBoot)) return;
      core.clear();
      islandModules.clear();
      islandShared.clear();
      effectModules.clear();
      const islandPending = [islandBoot];
      while (islandPending.length) {
        const id = islandPending.pop() as string;
        if (islandModules.has(id)) continue;
        islandModules.add(id);
        islandPending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
      const pending = [...everyPageModules];
      const seen = new Set<string>();
      while (pending.length) {
        const id = pending.pop() as string;
        if (seen.has(id)) continue;
        seen.add(id);
        const info = this.getModuleInfo(id);
        if (!info) continue;
        pending.push(...info.importedIds);
        if (everyPageModules.includes(id) || id.includes("/node_modules/") || id.startsWith("\0")) continue;
        if (islandModules.has(id)) islandShared.add(id);
        else core.add(id);
      }
      // the loader's own modules (app/islands/) go in its chunk; what the site's other modules may use
      // too (page events, toasts, the reload rule) in the shared one
      for (const id of islandModules) if (!id.includes("/app/islands/")) islandShared.add(id);
      // an island page's start-up and the site's modules it uses (API client, start-up, session, WeChat):
      // a chunk without React, which page-router pages load too, in place of these modules in "site"
      const effectPending = [pageEffects];
      while (effectPending.length) {
        const id = effectPending.pop() as string;
        if (effectModules.has(id) || islandModules.has(id)) continue;
        if (id.includes("/node_modules/") || id.startsWith("\0")) continue;
        effectModules.add(id);
        effectPending.push(...(this.getModuleInfo(id)?.importedIds ?? []));
      }
    },
  };
}
const core = new Set<string>();
/**
 * The comment footer's island (DetailShell) and the comments' store and model it shares with the comment
 * list: every page-router detail page loads them; the list (BottomLists) goes in BottomLists' chunk.
 */
const detailIslands = (id: string) =>
  /\/app\/components\/(CommentFooter|CommentsProvider|comments-store|ReadInApp)\.tsx?$/.test(
    id.split("?")[0] as string,
  );
/** What "site" holds besides `core`: the banner's island, the formats, the detail layout's rule. */
const siteExtras =
  /\/app\/(components\/(BannerSlot|OpenAppBanner)\.tsx|lib\/(format|environment)\.ts|model\/layout\.ts)$/;
/** The island loader's modules (its entry's static imports), one chunk of their own … */
const islandModules = new Set<string>();
/** … but those every page-router page loads too (the shared store, toasts, page events), in another. */
const islandShared = new Set<string>();
/** An island page's start-up (page-effects.ts) and what it imports statically, but the loader's modules. */
const effectModules = new Set<string>();

export default defineConfig({
  base: siteBase,
  plugins: [
    pageRouter(),
    callRoutes(),
    islandEntry(),
    everyPageCore(core, islandModules, islandShared, effectModules),
    reactRouter(),
  ],
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
            // hls.js stays out: it is loaded only where a stream needs it; so does WeChat's JS-SDK, which an
            // island page's start-up loads inside WeChat without React (decision 056)
            // the site's own modules every page loads go in one file too: compressed apart, as a dozen
            // small chunks, they cost about 3.5 KB more per page
            codeSplitting: {
              groups: [
                { name: "vendor", test: /node_modules[\\/](?!hls\.js[\\/]|weixin-js-sdk[\\/])/ },
                // with the open-app banner, an island on every page with a header (decision 056): apart, its
                // chunk and those it shares cost those pages about 2 KB gzip more; with the formats and the
                // layout rule, which nearly every page-router page loads, and which a group below would
                // otherwise take in (a group takes its modules' imports): in "detail-islands" the formats made
                // the dejin pages load the comment islands
                {
                  name: "site",
                  test: (id) => {
                    const path = id.split("?")[0] as string;
                    return core.has(path) || siteExtras.test(path);
                  },
                },
                // the comment footer's island and the comments' store (decision 056) in one file: every
                // page-router detail page loads them with DetailShell (the local live page, which has no
                // comment list, too); an island page fetches the file when the footer or the list wakes
                { name: "detail-islands", test: detailIslands },
                // the comment list's island with BottomLists, which places it: only the pages with the lists
                // below the content (video, audio, albums, mini program) load it, in one file; the cards and
                // the content labels first, in their own chunks, so that it does not take them in
                { name: "ContentCard", test: /\/app\/components\/ContentCard\.tsx$/ },
                { name: "content", test: /\/app\/lib\/i18n\/(content|messages-content)\.ts$/ },
                { name: "BottomLists", test: /\/app\/components\/(CommentList|BottomLists)\.tsx$/ },
                // the follow button's island with the head that places it on page-router pages: one file less
                { name: "FollowButton", test: /\/app\/components\/(FollowButton|DetailHead)\.tsx$/ },
                // the island loader (decision 053) apart from the page router's "site" chunk, which would
                // otherwise take in what both use: an island page loads these two alone before any
                // interaction; a page-router page loads the small shared one beside "site"
                {
                  name: "islands-shared",
                  test: (id) => {
                    const path = id.split("?")[0] as string;
                    return islandShared.has(path) || (effectModules.has(path) && path !== pageEffects);
                  },
                  priority: 2,
                },
                {
                  name: "islands",
                  test: (id) => {
                    const path = id.split("?")[0] as string;
                    return islandModules.has(path) && !islandShared.has(path);
                  },
                  priority: 1,
                },
              ],
            },
          },
        },
      },
    },
  },
});
