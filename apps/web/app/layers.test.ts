/**
 * R-WEB-ISLAND-1 (decision 065): the web app is grouped by feature on one shared layer, read from the
 * import statements of its sources (static, dynamic and type-only imports alike):
 *
 * - `model/` is the bottom: pure code (and the text tables it writes with) that imports nothing of
 *   the app but `model/`, and no React, React Router or browser-only package;
 * - the shared layer (`lib/`, `components/`, `islands/`, `styles/`, `page-styles.ts`, `app.css`)
 *   imports `model/` and itself, never a feature, except the places that name every feature's part by
 *   design: the island registry (`islands/registry.ts`, one lazy import per island) and an island
 *   page's start-up (`islands/page-effects.ts`, the start-up work of the features that have one, once
 *   the browser idles; `islands/boot.ts` starts the reading statistics with the page itself, so that a
 *   reader who leaves before the browser idles is counted);
 * - a feature (`features/<name>/`) imports `model/`, the shared layer, itself, and the features its
 *   entry in `featureUses` names, module by module (no barrel: each island stays its own chunk). The
 *   uses form no loop;
 * - the app's roots (`root.tsx`, `entry.server.tsx`, `routes.ts`) may import anything: nothing
 *   imports them.
 */
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const app = dirname(fileURLToPath(import.meta.url));

/** What each feature may import of the others. */
const featureUses: Record<string, readonly string[]> = {
  account: [],
  activity: ["account", "navigation"],
  comments: ["open-app"],
  community: ["navigation", "open-app"],
  content: ["comments", "lists", "navigation", "open-app", "preview"],
  debug: [],
  dejin: ["lists", "navigation", "open-app"],
  errors: [],
  forms: ["content"],
  lists: ["navigation"],
  live: ["content", "media", "open-app"],
  media: ["content"],
  navigation: ["account", "open-app", "tracking"],
  "open-app": ["tracking"],
  pc: [],
  preview: [],
  tips: ["navigation", "open-app"],
  tracking: [],
};

/** The composition points of the shared layer that name features (above). */
const sharedTablesOfFeatures = new Set(["islands/registry.ts", "islands/page-effects.ts", "islands/boot.ts"]);
const appRoots = new Set(["root.tsx", "entry.server.tsx", "routes.ts"]);
const sharedFolders = ["lib/", "components/", "islands/", "styles/"];
const sharedRootFiles = new Set(["page-styles.ts", "app.css", "hls-light.d.ts"]);

const importPattern =
  /(?:^|[\s;])(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** The app's source files (tests included), as paths relative to app/. */
function sources(dir: string = app): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name.startsWith(".") ? [] : sources(path);
    return /\.(ts|tsx)$/.test(entry.name) ? [relative(app, path)] : [];
  });
}

/** Each import of a file: the package's name, or the app-relative path of a relative import. */
function importsOf(file: string, text: string): { specifier: string; target: string | null }[] {
  const found: { specifier: string; target: string | null }[] = [];
  // comments are no imports (their examples included)
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/(^|[^:"'`\\])\/\/.*$/gm, "$1");
  for (const m of code.matchAll(importPattern)) {
    const specifier = (m[1] ?? m[2]) as string;
    const target = specifier.startsWith(".")
      ? relative(app, resolve(app, dirname(file), specifier.split("?")[0] as string))
      : null;
    found.push({ specifier, target });
  }
  return found;
}

type Layer = { kind: "model" } | { kind: "shared" } | { kind: "feature"; name: string } | { kind: "root" };

function layerOf(path: string): Layer {
  if (path.startsWith("model/")) return { kind: "model" };
  const feature = /^features\/([\w-]+)\//.exec(path);
  if (feature) return { kind: "feature", name: feature[1] as string };
  if (sharedFolders.some((folder) => path.startsWith(folder)) || sharedRootFiles.has(path)) return { kind: "shared" };
  if (appRoots.has(path) || /^(root|entry\.server)\.test\.tsx?$/.test(path) || path === "layers.test.ts") {
    return { kind: "root" };
  }
  // a file outside every layer (a new top folder) must be placed in one
  throw new Error(`${path}: in no layer of decision 065`);
}

/** The imports that break the rule, as `file → import` lines. */
function layeringViolations(files: readonly { path: string; text: string }[]): string[] {
  const problems: string[] = [];
  for (const { path, text } of files) {
    const from = layerOf(path);
    for (const { specifier, target } of importsOf(path, text)) {
      const line = `${path} → ${specifier}`;
      if (target === null) {
        // packages: the model is pure, and so is what it writes with
        if (
          from.kind === "model" &&
          /^(react|react-dom|react-router|@react-router\/|hls\.js|weixin-js-sdk)/.test(specifier)
        ) {
          problems.push(`${line} (the model imports no UI, router or browser package)`);
        }
        continue;
      }
      if (target.startsWith("..")) {
        if (from.kind !== "root") problems.push(`${line} (outside app/)`);
        continue;
      }
      // generated route types (React Router's typegen) sit beside each route module
      if (/(^|\/)\+types\//.test(target)) continue;
      const to = layerOf(target);
      if (from.kind === "root" || to.kind === "model") continue;
      if (from.kind === "model") {
        problems.push(`${line} (the model imports nothing above it)`);
      } else if (from.kind === "shared") {
        if (to.kind === "root") problems.push(`${line} (the shared layer imports no app root)`);
        if (to.kind === "feature" && !sharedTablesOfFeatures.has(path)) {
          problems.push(`${line} (the shared layer imports no feature)`);
        }
      } else if (to.kind === "root") {
        problems.push(`${line} (a feature imports no app root)`);
      } else if (to.kind === "feature" && to.name !== from.name) {
        if (!(featureUses[from.name] ?? []).includes(to.name)) {
          problems.push(`${line} (feature ${from.name} does not use ${to.name}: see featureUses)`);
        }
      }
    }
  }
  return problems;
}

function read(path: string) {
  return { path, text: readFileSync(join(app, path), "utf8") };
}

describe("the web app by feature on one shared layer (decision 065)", () => {
  const files = sources().map(read);

  it("R-WEB-ISLAND-1 the model imports nothing above it, the shared layer no feature, a feature only the features it uses", () => {
    expect(files.length).toBeGreaterThan(250);
    expect(layeringViolations(files)).toEqual([]);
  });

  it("R-WEB-ISLAND-1 the table of uses says what the features import of each other, no more", () => {
    const used: Record<string, Set<string>> = {};
    for (const name of Object.keys(featureUses)) used[name] = new Set();
    for (const { path, text } of files) {
      const from = layerOf(path);
      if (from.kind !== "feature") continue;
      for (const { target } of importsOf(path, text)) {
        const to = target === null || target.startsWith("..") ? null : layerOf(target);
        if (to?.kind === "feature" && to.name !== from.name) used[from.name]?.add(to.name);
      }
    }
    const actual = Object.fromEntries(Object.entries(used).map(([name, uses]) => [name, [...uses].sort()]));
    expect(actual).toEqual(featureUses);
  });

  it("R-WEB-ISLAND-1 every feature folder is in the table of uses, and the uses form no loop", () => {
    const folders = readdirSync(join(app, "features"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name)
      .sort();
    expect(folders).toEqual(Object.keys(featureUses).sort());
    const visiting = new Set<string>();
    const done = new Set<string>();
    const loops: string[] = [];
    const visit = (name: string, path: string[]) => {
      if (done.has(name)) return;
      if (visiting.has(name)) {
        loops.push([...path, name].join(" → "));
        return;
      }
      visiting.add(name);
      for (const used of featureUses[name] ?? []) visit(used, [...path, name]);
      visiting.delete(name);
      done.add(name);
    };
    for (const name of Object.keys(featureUses)) visit(name, []);
    expect(loops).toEqual([]);
  });

  it("R-WEB-ISLAND-1 the check finds an import against the rule", () => {
    expect(layeringViolations([{ path: "model/x.ts", text: 'import { toast } from "../lib/toast.ts";' }])).toHaveLength(
      1,
    );
    expect(layeringViolations([{ path: "model/x.ts", text: 'import { useState } from "react";' }])).toHaveLength(1);
    expect(
      layeringViolations([{ path: "lib/x.ts", text: 'const m = () => import("../features/live/LiveRoom.tsx");' }]),
    ).toHaveLength(1);
    expect(
      layeringViolations([{ path: "features/account/x.tsx", text: 'import type { A } from "../live/types.ts";' }]),
    ).toHaveLength(1);
    expect(
      layeringViolations([
        { path: "features/lists/x.tsx", text: 'export { NavBar } from "../navigation/NavBar.tsx";' },
      ]),
    ).toEqual([]);
  });
});
