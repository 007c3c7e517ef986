import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { Plugin } from "vite";

const callsModule = fileURLToPath(new URL("../../packages/contracts/src/calls.ts", import.meta.url));
/** The site's own code, which the browser build is made of. */
const appSource = fileURLToPath(new URL("app/", import.meta.url));

/** What a browser needs of a declaration to make the call: no schema travels to the browser. */
interface RouteOfCall {
  method: string;
  path: string;
  access: string;
  requestId?: false;
}

/** The site's modules a browser may load: every .ts and .tsx under app/ but tests and `.server` modules. */
function browserSources(dir: string): string[] {
  const texts: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) texts.push(...browserSources(path));
    else if (/\.tsx?$/.test(entry.name) && !/\.(test|server)\.tsx?$/.test(entry.name)) {
      texts.push(readFileSync(path, "utf8"));
    }
  }
  return texts;
}

/**
 * The names of the calls the site's browser code makes: those its modules name, as `client.name(…)`
 * or as a string (`client[mp ? "postMpComment" : "postComment"]`). A name that only happens to be a
 * word of the code is taken too, which costs a few bytes and never a missing route.
 */
export function callsNamedBy(sources: readonly string[], names: readonly string[]): Set<string> {
  const words = new Set<string>();
  for (const text of sources) for (const word of text.match(/[A-Za-z_$][\w$]*/g) ?? []) words.add(word);
  return new Set(names.filter((name) => words.has(name)));
}

/**
 * The browser build gets the call declarations (`@davmu/contracts/calls`) as their route table: each
 * call's method, path and access, read from the declarations themselves at build time, for the calls
 * the site's browser code names (editors' calls, and calls only servers make, stay out: about 0.45 KiB
 * gzip on every page). The client calls by the same names; the schemas, which only the servers check
 * answers with, stay out of the page's JavaScript too (TypeBox and every schema would cost about 5 KB
 * gzip per page).
 */
export function callRoutes(options: { sourceDir?: string } = {}): Plugin {
  const sourceDir = options.sourceDir ?? appSource;
  return {
    name: "davmu:call-routes",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.name === "client",
    async load(id) {
      if (id.split("?")[0] !== callsModule) return null;
      const { calls } = (await import(pathToFileURL(callsModule).href)) as {
        calls: Record<string, RouteOfCall>;
      };
      const named = callsNamedBy(browserSources(sourceDir), Object.keys(calls));
      const table: Record<string, RouteOfCall> = {};
      for (const [name, call] of Object.entries(calls)) {
        if (!named.has(name)) continue;
        table[name] = { method: call.method, path: call.path, access: call.access };
        if (call.requestId === false) table[name].requestId = false;
      }
      return `export const calls = ${JSON.stringify(table)};\n`;
    },
  };
}
