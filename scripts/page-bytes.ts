/**
 * What a visitor downloads to render and hydrate each page type, read from the build: the React Router
 * manifest (build/client/assets/manifest-*.js) names the entry and each route's module, its imports
 * and its CSS, exactly as the served page's modulepreload links do (the manifest file itself is not
 * loaded: routes are discovered lazily through /__manifest); the stylesheet inlined in the
 * head is found in the server build. Sizes are gzip (level 6, as served) of each file.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type Node, parse } from "acorn";
import { simple } from "acorn-walk";

export interface PageType {
  name: string;
  /** Route ids from the root down, as React Router matches them */
  routes: string[];
}

/** The site's page types: home, article, the not-found page and the desktop wrapper. */
export const pageTypes: PageType[] = [
  { name: "home", routes: ["root", "routes/home"] },
  { name: "article", routes: ["root", "routes/doc"] },
  { name: "404", routes: ["root", "not-found"] },
  { name: "pc", routes: ["root", "routes/pc"] },
];

export interface PageBytes {
  name: string;
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

/** The stylesheet the root layout inlines: the string literal of the server build that holds `:root{`. */
export function inlinedCss(serverEntry: string): string {
  const ast = parse(readFileSync(serverEntry, "utf8"), { ecmaVersion: "latest", sourceType: "module" });
  let found = "";
  const consider = (value: unknown) => {
    if (typeof value === "string" && value.includes(":root{") && value.length > found.length) found = value;
  };
  simple(ast, {
    Literal: (node: Node) => consider((node as Node & { value: unknown }).value),
    TemplateElement: (node: Node) => consider((node as Node & { value: { cooked: string } }).value.cooked),
  });
  return found;
}

const gzipSize = (bytes: Buffer | string) => gzipSync(bytes).length;

export function pageBytes(buildDir: string, types: PageType[] = pageTypes): PageBytes[] {
  const clientDir = join(buildDir, "client");
  const { manifest } = readManifest(clientDir);
  const css = inlinedCss(join(buildDir, "server", "index.js"));
  const strip = (url: string) => url.replace(/^.*?\/assets\//, "assets/");
  return types.map(({ name, routes }) => {
    // with lazy route discovery (React Router's default) the manifest file is not loaded by pages
    const js = new Set<string>([strip(manifest.entry.module), ...manifest.entry.imports.map(strip)]);
    const styles = new Set<string>((manifest.entry.css ?? []).map(strip));
    for (const id of routes) {
      const route = manifest.routes[id];
      if (!route) throw new Error(`route ${id} is not in the manifest`);
      js.add(strip(route.module));
      for (const i of route.imports ?? []) js.add(strip(i));
      for (const c of route.css ?? []) styles.add(strip(c));
    }
    const jsFiles = [...js].map((f) => ({ file: f, gzip: gzipSize(readFileSync(join(clientDir, f))) }));
    const cssFiles = [...styles].map((f) => ({ file: f, gzip: gzipSize(readFileSync(join(clientDir, f))) }));
    if (css) cssFiles.unshift({ file: "(inlined in the head)", gzip: gzipSize(css) });
    return {
      name,
      js: jsFiles,
      css: cssFiles,
      jsGzip: jsFiles.reduce((n, f) => n + f.gzip, 0),
      cssGzip: cssFiles.reduce((n, f) => n + f.gzip, 0),
    };
  });
}
