/**
 * What a visitor downloads to render each page type and run it until a first interaction, read from
 * the build. Every page with scripts is an island page (decisions 053, 058): it loads the island
 * loader's chunk with its static imports, then once idle the page's start-up
 * (app/islands/page-effects.ts) and the tracker (lib/tracker.ts, R-TRACK-4, R-FIELD-3), with what they
 * import that the page has not loaded already: all of that runs before a first interaction, so all of
 * it is counted; islands, each loaded when it wakes, are not, nor chunks loaded on demand (sheets, the
 * debug console, hls.js). The stylesheet inlined in the head is the one the server build writes for the
 * page type's routes, and a route's linked stylesheets are read from the build's route manifest
 * (build/client/assets/manifest-*.js, which pages never load). Sizes are gzip (level 6, as served).
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { routesWithoutScripts } from "../../../apps/web/app/islands/page.ts";

export interface PageType {
  name: string;
  /** Route ids from the root down, as the page loads them (up to the route whose error boundary draws it) */
  routes: string[];
  /** The bench's name of its demo page (product.ts `pageNames`), where it differs from `name` */
  demo?: string;
}

/** The site's page types: home, article and every other content type, the list pages, the community columns, the not-found page and the desktop wrapper. */
export const pageTypes: PageType[] = [
  { name: "home", routes: ["root", "routes/home"] },
  { name: "article", routes: ["root", "routes/doc"] },
  { name: "video", routes: ["root", "routes/video"] },
  { name: "svideo", routes: ["root", "routes/svideo"] },
  { name: "audio", routes: ["root", "routes/audio"] },
  { name: "a-album", routes: ["root", "audio-album"], demo: "audio-album" },
  { name: "v-album", routes: ["root", "video-album"], demo: "video-album" },
  { name: "gallery", routes: ["root", "routes/gallery"] },
  { name: "live", routes: ["root", "routes/local-live"] },
  { name: "mini-prog", routes: ["root", "routes/mini-program"], demo: "mini-program" },
  { name: "special", routes: ["root", "special"] },
  { name: "form", routes: ["root", "routes/form"] },
  { name: "content-model", routes: ["root", "routes/content-model"] },
  { name: "list", routes: ["root", "routes/list"] },
  { name: "fly-card", routes: ["root", "routes/fly-card"] },
  { name: "search", routes: ["root", "routes/search"] },
  { name: "activity", routes: ["root", "routes/activity"] },
  { name: "invite", routes: ["root", "routes/invite"] },
  { name: "auth", routes: ["root", "routes/auth"] },
  { name: "dejin-detail", routes: ["root", "routes/dejin-detail"] },
  { name: "dejin-person", routes: ["root", "routes/dejin-personal"], demo: "dejin-personal" },
  { name: "dejin-topic", routes: ["root", "routes/dejin-topic"] },
  { name: "dejin-catalog", routes: ["root", "routes/dejin-catalog"] },
  { name: "dejin-content", routes: ["root", "routes/dejin-content"] },
  { name: "tip", routes: ["root", "routes/dejin-tip"] },
  { name: "tip-receipt", routes: ["root", "routes/dejin-tip-receipt"] },
  { name: "circle", routes: ["root", "routes/dimim-circle"], demo: "dimim-circle" },
  { name: "circle-post", routes: ["root", "routes/dimim-content"], demo: "dimim-content" },
  { name: "circle-topic", routes: ["root", "routes/dimim-topic"], demo: "dimim-topic" },
  { name: "law", routes: ["root", "routes/fazak-problem-share"], demo: "fazak" },
  // the root's error boundary draws the not-found page: the not-found route's module is not loaded
  { name: "404", routes: ["root"] },
  { name: "pc", routes: ["root", "routes/pc"] },
  { name: "agreement", routes: ["root", "routes/agreement"] },
];

export interface PageBytes {
  name: string;
  /**
   * A page with scripts, all island pages (decisions 053, 058): `js` is what runs before the first
   * interaction, the island loader and the page's start-up with the tracker (decision 056)
   */
  islands: boolean;
  /** The tracker's part of `js`: its chunk and what it imports that the page does not load otherwise */
  tracker: Array<{ file: string; gzip: number }>;
  /** Files (paths under the client build) with their gzip size */
  js: Array<{ file: string; gzip: number }>;
  css: Array<{ file: string; gzip: number }>;
  jsGzip: number;
  cssGzip: number;
}

interface ManifestRoute {
  module: string;
  imports?: string[];
  css?: string[];
}
interface Manifest {
  entry: { module: string; imports: string[]; css?: string[] };
  routes: Record<string, ManifestRoute>;
  url?: string;
}

export function readManifest(clientDir: string): { manifest: Manifest; file: string } {
  const assets = join(clientDir, "assets");
  const file = readdirSync(assets).find((f) => /^manifest-[\w-]+\.js$/.test(f));
  if (!file) throw new Error(`no React Router manifest in ${assets}: build the site first`);
  const source = readFileSync(join(assets, file), "utf8");
  const json = source.slice(source.indexOf("{"), source.lastIndexOf("}") + 1);
  return { manifest: JSON.parse(json) as Manifest, file: `assets/${file}` };
}

/** What of the server build the byte count reads: the route modules' handles and the page stylesheet. */
interface ServerBuildParts {
  routes: Record<string, { module: { handle?: unknown; links?: () => Array<{ rel?: string; href?: string }> } }>;
  entry: { module: { pageStylesheet?: (handles: readonly unknown[]) => string } };
}

/**
 * The stylesheet a page of these routes inlines in its head, as the server writes it: the site's own
 * with the parts the routes' handles name (apps/web/app/page-styles.ts, exported by the server entry).
 */
export function inlinedCss(build: ServerBuildParts, routes: string[]): string {
  const stylesheet = build.entry.module.pageStylesheet;
  if (!stylesheet) throw new Error("the server build's entry exports no pageStylesheet");
  return stylesheet(routes.map((id) => build.routes[id]?.module.handle));
}

const gzipSize = (bytes: Buffer | string) => gzipSync(bytes).length;

/**
 * Chunks every page with scripts fetches after load, whatever the visitor does: the page's start-up,
 * imported by the loader once idle (decision 056), and the tracker's, which it imports.
 */
const afterLoadChunks = ["page-effects", "tracker"];

/** A chunk's name without its content hash (Vite's `[name]-[hash].js`, the hash 8 characters). */
const chunkName = (file: string) => file.replace(/^.*\//, "").replace(/-[\w-]{8}\.js$/, "");

/** The files a chunk imports statically (`from"./x.js"`, `import"./x.js"`, any quotes), under assets/. */
function staticImports(clientDir: string, file: string): string[] {
  const code = readFileSync(join(clientDir, file), "utf8");
  return [...code.matchAll(/(?:from|import)\s*["'`]\.\/([\w.-]+\.js)["'`]/g)].map((m) => `assets/${m[1]}`);
}

/** The after-load chunks the given files import dynamically, each with what it imports in turn. */
function afterLoadFiles(clientDir: string, loaded: ReadonlySet<string>, names = afterLoadChunks): string[] {
  const found = new Set<string>();
  // an after-load chunk may import the next dynamically (the page's start-up imports the tracker)
  const scan = [...loaded];
  for (let i = 0; i < scan.length; i += 1) {
    const code = readFileSync(join(clientDir, scan[i] as string), "utf8");
    for (const m of code.matchAll(/import\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)) {
      const file = `assets/${m[1]}`;
      if (names.includes(chunkName(m[1] as string)) && !found.has(file)) {
        found.add(file);
        scan.push(file);
      }
    }
  }
  const files: string[] = [];
  const visit = (file: string) => {
    if (loaded.has(file) || files.includes(file)) return;
    files.push(file);
    for (const imported of staticImports(clientDir, file)) visit(imported);
  };
  for (const file of found) visit(file);
  return files;
}

/** The island loader's chunk (apps/web/vite.config.ts names it `islands`). */
function islandLoaderFile(clientDir: string): string {
  const file = readdirSync(join(clientDir, "assets")).find((f) => /^islands-[\w-]{8}\.js$/.test(f));
  if (!file) throw new Error("no island loader chunk (assets/islands-*.js) in the build");
  return `assets/${file}`;
}

export async function pageBytes(buildDir: string, types: PageType[] = pageTypes): Promise<PageBytes[]> {
  const clientDir = join(buildDir, "client");
  const { manifest } = readManifest(clientDir);
  const build = (await import(pathToFileURL(join(buildDir, "server", "index.js")).href)) as ServerBuildParts;
  const strip = (url: string) => url.replace(/^.*?\/assets\//, "assets/");
  return types.map(({ name, routes }) => {
    // a page of a route without scripts loads its CSS only
    const noScripts = routes.some((id) => routesWithoutScripts.has(id));
    const styles = new Set<string>((manifest.entry.css ?? []).map(strip));
    for (const id of routes) {
      const route = manifest.routes[id];
      if (!route) throw new Error(`route ${id} is not in the manifest`);
      for (const c of route.css ?? []) styles.add(strip(c));
      // stylesheets a route links itself (the list pages' nav.css)
      for (const link of build.routes[id]?.module.links?.() ?? []) {
        if (link.rel === "stylesheet" && link.href?.includes("/assets/")) styles.add(strip(link.href));
      }
    }
    const sized = (f: string) => ({ file: f, gzip: gzipSize(readFileSync(join(clientDir, f))) });
    // the island loader's chunk and what it imports; islands come later, each on its trigger
    const js = new Set<string>();
    const visit = (file: string) => {
      if (js.has(file)) return;
      js.add(file);
      for (const imported of staticImports(clientDir, file)) visit(imported);
    };
    if (!noScripts) visit(islandLoaderFile(clientDir));
    const afterLoad = noScripts ? [] : afterLoadFiles(clientDir, js);
    const tracker = afterLoad.filter((file) => !file.includes("/page-effects-")).map(sized);
    const effects = afterLoad.filter((file) => file.includes("/page-effects-")).map(sized);
    const jsFiles = noScripts ? [] : [...[...js].map(sized), ...effects, ...tracker];
    const cssFiles = [...styles].map(sized);
    cssFiles.unshift({ file: "(inlined in the head)", gzip: gzipSize(inlinedCss(build, routes)) });
    return {
      name,
      islands: !noScripts,
      js: jsFiles,
      tracker,
      css: cssFiles,
      jsGzip: jsFiles.reduce((n, f) => n + f.gzip, 0),
      cssGzip: cssFiles.reduce((n, f) => n + f.gzip, 0),
    };
  });
}

/**
 * The chunks each island's wake imports, as the island loader's registry names them, by island name.
 */
export function islandChunks(buildDir: string): Map<string, string[]> {
  const chunks = new Map<string, string[]>();
  for (const [name, body] of registryEntries(join(buildDir, "client")).entries) {
    const files = [...body.matchAll(/import\(\s*["'`]\.\/([\w.-]+\.js)["'`]\s*\)/g)].map((f) => `assets/${f[1]}`);
    if (files.length) chunks.set(name, files);
  }
  return chunks;
}

/**
 * The island loader's registry (islands/registry.ts) as the build writes it, each island's loader
 * function by name: `"comment-list":()=>r(()=>import(`./BottomLists-….js`)…`, or several at once
 * (`Promise.all([…])`); a name that is an identifier is written bare. With the loader chunk's code.
 */
function registryEntries(clientDir: string): { code: string; entries: Map<string, string> } {
  const code = readFileSync(join(clientDir, islandLoaderFile(clientDir)), "utf8");
  const starts = [...code.matchAll(/(?:"([\w-]+)"|\b([a-z]\w*)):\(\)=>/g)];
  const entries = new Map<string, string>();
  starts.forEach((m, i) => {
    const end = starts[i + 1]?.index ?? code.length;
    entries.set((m[1] ?? m[2]) as string, code.slice((m.index ?? 0) + m[0].length, end));
  });
  return { code, entries };
}

/** The hydration module's chunk (`assets/hydrate-….js`), which every island's wake fetches first. */
export function hydrationChunk(buildDir: string): string {
  const hydrate = readdirSync(join(buildDir, "client", "assets")).find((f) => /^hydrate-[\w-]{8}\.js$/.test(f));
  if (!hydrate) throw new Error("no hydration chunk (assets/hydrate-*.js) in the build");
  return `assets/${hydrate}`;
}

/**
 * The JavaScript a page has run once every island on it has woken (R-WEB-ISLAND-3): what it runs
 * before a first tap (`page.js`), the hydration module with the renderer it imports, and each island's
 * chunk with its static imports. Chunks fetched on demand beyond that (sheets opened, hls.js for a
 * stream, the debug console) are not counted.
 */
export function awakeBytes(
  buildDir: string,
  page: PageBytes,
  islands: readonly string[],
): { files: Array<{ file: string; gzip: number }>; gzip: number; unknown: string[] } {
  const clientDir = join(buildDir, "client");
  const chunks = islandChunks(buildDir);
  const files = new Map(page.js.map((f) => [f.file, f.gzip]));
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.set(file, gzipSize(readFileSync(join(clientDir, file))));
    for (const imported of staticImports(clientDir, file)) visit(imported);
  };
  const unknown: string[] = [];
  if (islands.length) visit(hydrationChunk(buildDir));
  for (const name of islands) {
    const files = chunks.get(name);
    if (files) for (const file of files) visit(file);
    else unknown.push(name);
  }
  const list = [...files].map(([file, gzip]) => ({ file, gzip }));
  return { files: list, gzip: list.reduce((n, f) => n + f.gzip, 0), unknown };
}

/**
 * Every script a page can ever load, whatever the visitor does: the island loader's chunk and,
 * following static and dynamic imports, every island, sheet and chunk they fetch (paths under the
 * client build). What is not among them (React Router's client entry and route modules, which its
 * build still writes) is never sent to a browser.
 */
export function reachableScripts(buildDir: string): string[] {
  const clientDir = join(buildDir, "client");
  const seen = new Set<string>();
  const pending = [islandLoaderFile(clientDir)];
  while (pending.length) {
    const file = pending.pop() as string;
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(join(clientDir, file), "utf8");
    for (const m of code.matchAll(/(?:from|import)\s*\(?\s*["'`]\.\/([\w.-]+\.js)["'`]/g))
      pending.push(`assets/${m[1]}`);
  }
  return [...seen].sort();
}

/**
 * The files Vite's preload helper fetches beside a chunk's dynamic imports (`__vite__mapDeps([i…])`
 * indexes this list: every chunk and stylesheet the import needs, fetched at once).
 */
function preloadList(code: string): string[] {
  const list = code.match(/m\.f\s*=\s*(\[[^\]]*\])/)?.[1];
  return list ? (JSON.parse(list) as string[]) : [];
}

/** The files of one dynamic import's call: the imported chunks and what the preload helper fetches with them. */
function importedFiles(call: string, list: readonly string[]): string[] {
  const files = new Set<string>();
  for (const m of call.matchAll(/import\(\s*["'`]\.\/([\w.-]+\.(?:js|css))["'`]\s*\)/g)) files.add(`assets/${m[1]}`);
  for (const m of call.matchAll(/__vite__mapDeps\(\[([\d,\s]*)\]\)/g)) {
    for (const index of (m[1] as string).split(",").filter(Boolean)) {
      const file = list[Number(index)];
      if (file) files.add(file);
    }
  }
  return [...files];
}

/**
 * Every request an island's wake makes at once (R-WEB-ISLAND-3, decision 073): its chunks and the
 * chunks and stylesheets the preload helper fetches beside them, as the loader's registry lists them.
 */
export function wakeRequests(buildDir: string, island: string): string[] {
  const { code, entries } = registryEntries(join(buildDir, "client"));
  const body = entries.get(island);
  if (body === undefined) throw new Error(`no island named ${island} in the loader's registry`);
  return importedFiles(body, preloadList(code));
}

/**
 * Every request a chunk's lazy import of another makes at once (the open-app dialog's guide): the
 * chunk named `target` and what the preload helper fetches with it, read where `from` imports it.
 */
export function lazyRequests(buildDir: string, from: string, target: string): string[] {
  const clientDir = join(buildDir, "client");
  const file = readdirSync(join(clientDir, "assets")).find((f) => chunkName(f) === from && f.endsWith(".js"));
  if (!file) throw new Error(`no chunk named ${from} in the build`);
  const code = readFileSync(join(clientDir, "assets", file), "utf8");
  const at = code.search(new RegExp(`import\\(\\s*["'\`]\\./${target}-[\\w-]{8}\\.js`));
  if (at < 0) throw new Error(`${from} does not import ${target}`);
  // the import's call: up to the end of its preload list, where it has one before the next import
  const next = code.indexOf("import(", at + 1);
  const deps = code.indexOf("__vite__mapDeps([", at);
  const end = deps >= 0 && (next < 0 || deps < next) ? code.indexOf("])", deps) + 2 : next < 0 ? code.length : next;
  return importedFiles(code.slice(at, end), preloadList(code));
}
