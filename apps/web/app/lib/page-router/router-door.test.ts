import { readdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import * as door from "../router.ts";
import * as shim from "./shim.tsx";
import { verifiedReactRouterVersion } from "./verified.ts";

const require = createRequire(import.meta.url);
const installed = (name: string): string =>
  (JSON.parse(readFileSync(require.resolve(`${name}/package.json`), "utf8")) as { version: string }).version;

/** The wrappers React Router's build imports from "react-router" into every route module it compiles. */
function frameworkWrappers(): string[] {
  const plugin = readFileSync(join(require.resolve("@react-router/dev/package.json"), "../dist/vite.js"), "utf8");
  const named = /const namedComponentExports = \[([^\]]*)\]/.exec(plugin)?.[1];
  if (!named || !plugin.includes('"UNSAFE_withComponentProps"')) return [];
  const names = [...named.matchAll(/"(\w+)"/g)].map((m) => m[1]);
  return ["UNSAFE_withComponentProps", ...names.map((name) => `UNSAFE_with${name}Props`)];
}

const recheck = [
  "the page router (app/lib/page-router) stands in for React Router in the browser (decisions 014, 021).",
  "Before changing verifiedReactRouterVersion in page-router/verified.ts, re-check:",
  `- the framework's exports the shim provides: ${Object.keys(door).sort().join(", ")}, and the`,
  "  wrappers its build puts around route modules (UNSAFE_with…Props in @react-router/dev's dist/vite.js);",
  "  their server markup and meaning (shim.test.tsx compares Link and Form);",
  "- the hydration hand-off: handoff.server.ts reads EntryContext (matches, loaderData, errors, manifest)",
  "  and entry.client.tsx hydrates the same tree; React Router's route module exports (loader, meta, …)",
  "  and what its client build strips (detail loaders are written inside the route's loader export);",
  "- decision 014 and the records that supersede it.",
].join("\n");

const app = fileURLToPath(new URL("../../", import.meta.url));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [path] : [];
  });
}

describe("the page router behind the site's router module", () => {
  it("R-WEB-SSR runs on the React Router version it was verified against", () => {
    for (const name of ["react-router", "@react-router/dev"]) {
      const version = installed(name);
      const why = `${name} ${version} is installed, the page router was verified against ${verifiedReactRouterVersion}`;
      expect(version, `${why}; ${recheck}`).toBe(verifiedReactRouterVersion);
    }
  });

  it("R-WEB-SSR provides every name the site imports through lib/router.ts, and the framework's route wrappers", () => {
    const provided = new Set(Object.keys(shim));
    const missing = Object.keys(door).filter((name) => !provided.has(name));
    expect(missing, `lib/router.ts names what the page router lacks in the browser; ${recheck}`).toEqual([]);
    const wrappers = frameworkWrappers();
    expect(wrappers.length, `React Router's build no longer wraps route modules as it did; ${recheck}`).toBeGreaterThan(
      0,
    );
    expect(wrappers.filter((name) => !provided.has(name))).toEqual([]);
  });

  it("R-WEB-SSR modules that can reach the browser import routing only through lib/router.ts", () => {
    const direct = sourceFiles(app)
      .map((file) => relative(app, file))
      .filter(
        (file) =>
          // server-only modules never reach the browser build; the page router and its tests are the framework's stand-in
          !/\.server\.tsx?$/.test(file) &&
          !file.startsWith("lib/page-router/") &&
          !/\.test\.tsx?$/.test(file) &&
          file !== "lib/router.ts",
      )
      .filter((file) => /from\s+["']react-router(\/[^"']*)?["']/.test(readFileSync(join(app, file), "utf8")));
    expect(direct, "import Link, hooks, data, redirect, … from lib/router.ts instead").toEqual([]);
  });
});
