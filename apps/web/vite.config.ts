import { fileURLToPath } from "node:url";
import { siteBase } from "@davmu/contracts/site-path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig, type Plugin } from "vite";
import { preactInTheBrowser } from "./browser-renderer.ts";
import { callRoutes } from "./call-routes.ts";
import { islandWakeGraph, staticClosure } from "./island-wakes.ts";

const islandBoot = fileURLToPath(new URL("app/islands/boot.ts", import.meta.url));
/** An island page's start-up (decision 056), imported by the loader once the browser is idle. */
const pageEffects = fileURLToPath(new URL("app/islands/page-effects.ts", import.meta.url));
/** The hydration module (decision 053), imported when the first island wakes. */
const hydrationModule = fileURLToPath(new URL("app/islands/hydrate.tsx", import.meta.url));
/** The island loader's registry: each island's module, imported when the island wakes. */
const islandRegistry = fileURLToPath(new URL("app/islands/registry.ts", import.meta.url));
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

/**
 * The island loader's modules (its entry's static imports), the modules it shares with the rest of
 * the site (the shared store, toasts, page events, the reload rule), and an island page's start-up
 * (page-effects.ts) with what it imports statically: read from the client build's module graph once it
 * is complete, for the chunk groups below.
 */
function islandGraph(
  islandModules: Set<string>,
  islandShared: Set<string>,
  effectModules: Set<string>,
  hydrationModules: Set<string>,
): Plugin {
  return {
    name: "davmu:island-graph",
    applyToEnvironment: (environment) => environment.name === "client",
    buildEnd() {
      // (the build runs this hook again later without the entry: the first, complete, graph is kept)
      if (!this.getModuleInfo(islandBoot)) return;
      islandModules.clear();
      islandShared.clear();
      effectModules.clear();
      hydrationModules.clear();
      const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const siteModule = (id: string) => !id.includes("/node_modules/") && !id.startsWith("\0");
      for (const id of staticClosure([islandBoot], importsOf)) islandModules.add(id);
      // the loader's own modules (app/islands/) go in its chunk; what the site's other modules may use
      // too (page events, toasts, the reload rule) in the shared one
      for (const id of islandModules) {
        if (!id.includes("/app/islands/")) islandShared.add(id);
      }
      // an island page's start-up and the site's modules it uses (API client, start-up, session, WeChat):
      // no React, loaded once the page is idle
      for (const id of staticClosure([pageEffects], importsOf, (id) => siteModule(id) && !islandModules.has(id))) {
        effectModules.add(id);
      }
      // the hydration module and the site's modules it imports (providers, session, the hydrating
      // flag): what every island's wake needs, and nothing of any one feature
      const hydrationFollows = (id: string) => siteModule(id) && !islandModules.has(id) && !effectModules.has(id);
      for (const id of staticClosure([hydrationModule], importsOf, hydrationFollows)) hydrationModules.add(id);
    },
  };
}
/**
 * The comment footer's island and the comments' store it shares with the comment list, which the
 * footer is beside on every page that has the list. Not the comments' texts (model/comments.ts),
 * which the dejin pages' comments use without the store, nor the read-in-app button, an island of
 * its own: in this group, every page that used them fetched the footer (decision 075).
 */
const detailIslands = (id: string) =>
  /\/app\/features\/comments\/(CommentFooter|CommentsProvider|comments-store)\.tsx?$/.test(id.split("?")[0] as string);
/**
 * Small modules many wakes need, in the hydration module's chunk (decision 073): the icons, which most
 * islands draw (the login popup's 关闭 among them; before, a chunk of their own, decision 072), the
 * login host, which every page has and which answers every login-first tap, the open-app controls'
 * props (`opensTheApp`; in the comment footer's group, the banner's wake took in that whole chunk),
 * the countdown of the login popup's SMS code, the dialog hook (lib/dialog.ts: the open-app dialog
 * and every sheet use it, and the open-app dialog's wake would otherwise fetch the sheets' group),
 * and the contracts' shared values; the site's links
 * (nav.tsx), the lazy component and the formats, which most feature islands use and which a
 * feature's group would otherwise take in, making every other island that uses them fetch that
 * feature's chunk (decision 075). Each is under 2.5 KB; on a phone's network a
 * request of its own costs more than its bytes, and over HTTP/1.1 a seventh request waits a round for
 * one of the six connections to a host. No stylesheet comes with them.
 */
const wakeParts =
  /\/(apps\/web\/app\/(components\/icons\.tsx|lib\/(nav\.tsx|lazy-component\.ts)|model\/format\.ts|features\/account\/LoginHost\.tsx|features\/open-app\/opens-the-app\.ts|lib\/countdown\.ts|lib\/dialog\.ts)|packages\/contracts\/src\/values\.ts)$/;
/** The sheets' shared parts (the "Sheet" group below). */
const sheetParts =
  /\/app\/(components\/Sheet\.tsx|lib\/(account|i18n\/account)\.ts|model\/i18n\/messages-account\.ts)$/;
/**
 * The libraries of the vendor group: hls.js stays out, loaded only where a stream needs it; so does
 * WeChat's JS-SDK, which an island page's start-up loads inside WeChat without React (decision 056);
 * and React Router, which its build's client entry and route modules carry but no page loads (decision 058)
 */
const vendorModules =
  /node_modules[\\/](?!hls\.js[\\/]|weixin-js-sdk[\\/]|react-router[\\/]|@react-router[\\/]|react[\\/]|react-dom[\\/]|scheduler[\\/])/;
/** The island loader's modules, one chunk of their own … */
const islandModules = new Set<string>();
/** … but those the islands use too (the shared store, toasts, page events), in another. */
const islandShared = new Set<string>();
/** An island page's start-up (page-effects.ts) and what it imports statically, but the loader's modules. */
const effectModules = new Set<string>();
/** The hydration module (islands/hydrate.tsx) and the site's modules it imports, in a chunk of their own. */
const hydrationModules = new Set<string>();

export default defineConfig({
  base: siteBase,
  plugins: [
    preactInTheBrowser(),
    callRoutes(),
    islandEntry(),
    islandGraph(islandModules, islandShared, effectModules, hydrationModules),
    islandWakeGraph(islandRegistry, hydrationModule, fileURLToPath(new URL("app/", import.meta.url))),
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
            // deployments of the site's own code, which keeps its own chunks (and its lazy-loaded sheets);
            // which libraries: `vendorModules` above
            codeSplitting: {
              groups: [
                {
                  name: "vendor",
                  test: vendorModules,
                  // first: a group takes in what its modules import, and the libraries stay here
                  priority: 5,
                },
                // the comments' texts, which the comment islands and the dejin pages' comments use, apart
                // from the group below, which would take them in (decision 075)
                { name: "comments", test: /\/app\/model\/comments\.ts$/ },
                // the comment footer's island and the comments' store (decision 056) in one file, fetched when
                // the footer or the list wakes
                { name: "detail-islands", test: detailIslands },
                // the sheets' shared parts: the sheet with its stylesheet, the account's messages and calls,
                // which the login popup, the account and report sheets and the popups use together; one
                // file and one stylesheet where they were four files and one (decision 073)
                { name: "Sheet", test: sheetParts },
                // the island loader (decision 053) and what it shares with the islands: a page loads these two
                // (and its start-up) alone before any interaction
                {
                  name: "islands-shared",
                  test: (id) => {
                    const path = id.split("?")[0] as string;
                    return islandShared.has(path) || (effectModules.has(path) && path !== pageEffects);
                  },
                  priority: 4,
                },
                // what every island's wake needs: the hydration module and its providers, apart from any
                // feature's chunk (whose groups would otherwise take them in, and every wake with them)
                {
                  name: "hydrate",
                  test: (id) => {
                    const path = id.split("?")[0] as string;
                    return hydrationModules.has(path) || wakeParts.test(path);
                  },
                  priority: 2,
                },
                {
                  name: "islands",
                  test: (id) => {
                    const path = id.split("?")[0] as string;
                    return islandModules.has(path) && !islandShared.has(path);
                  },
                  priority: 3,
                },
              ],
            },
          },
        },
      },
    },
  },
});
