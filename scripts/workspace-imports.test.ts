import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The direction between the product, its demo and its test support, read from the sources: every
 * import specifier (static, re-export, side effect, dynamic) is resolved, relative paths by path and
 * workspace packages by their `exports`, and each file is placed in the folder it belongs to.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");

type Workspace = { name: string; dir: string; exports: Record<string, string> };

function workspaces(): Workspace[] {
  const rootPackage = JSON.parse(readFileSync(join(root, "package.json"), "utf8")) as { workspaces: string[] };
  return rootPackage.workspaces.map((dir) => {
    const pkg = JSON.parse(readFileSync(join(root, dir, "package.json"), "utf8")) as {
      name: string;
      exports?: Record<string, string>;
    };
    return { name: pkg.name, dir, exports: pkg.exports ?? {} };
  });
}

/** The folders whose imports are walked: the product's parts, the packages, the tools and the tests. */
function folders(): string[] {
  const listed = (parent: string) =>
    existsSync(join(root, parent))
      ? readdirSync(join(root, parent))
          .filter((name) => statSync(join(root, parent, name)).isDirectory())
          .map((name) => `${parent}/${name}`)
      : [];
  return [
    "apps/api/src",
    "apps/api/test",
    "apps/web/app",
    "apps/web/server",
    "apps/web/e2e",
    ...listed("packages"),
    ...listed("tools"),
    "scripts",
    "bench",
  ];
}

/** The product: what runs when the server serves, and every package but the test support. */
const productFolders = [
  "apps/api/src",
  "apps/web/app",
  "apps/web/server",
  ...folders().filter((folder) => folder.startsWith("packages/") && folder !== "packages/test-support"),
];

function sourceFiles(dir: string): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return [];
  return readdirSync(full, { recursive: true, encoding: "utf8" })
    .filter((name) => /\.(ts|tsx|mts)$/.test(name) && !name.split("/").includes("node_modules"))
    .map((name) => `${dir}/${name}`);
}

function importSpecifiers(source: string): string[] {
  const patterns = [
    /(?:^|[;\n}])\s*(?:import|export)\s+(?:type\s+)?[^;'"]*?\sfrom\s*["']([^"']+)["']/g,
    /(?:^|[;\n])\s*import\s*["']([^"']+)["']/g,
    /\bimport\(\s*["']([^"']+)["']\s*\)/g,
  ];
  return patterns.flatMap((pattern) => [...source.matchAll(pattern)].map((match) => match[1] as string));
}

/** The repository path a specifier names, or undefined for a package outside the workspaces. */
function resolveSpecifier(from: string, specifier: string, all: Workspace[]): string | undefined {
  if (specifier.startsWith(".")) return relative(root, resolve(root, dirname(from), specifier));
  const workspace = all.find((w) => specifier === w.name || specifier.startsWith(`${w.name}/`));
  if (!workspace) return undefined;
  const sub = `.${specifier.slice(workspace.name.length)}`;
  for (const [key, target] of Object.entries(workspace.exports)) {
    if (key === sub) return join(workspace.dir, target);
    const star = key.indexOf("*");
    if (star >= 0 && sub.startsWith(key.slice(0, star)) && sub.endsWith(key.slice(star + 1))) {
      const middle = sub.slice(star, sub.length - (key.length - star - 1));
      return join(workspace.dir, target.replace("*", middle));
    }
  }
  return join(workspace.dir, sub);
}

function folderOf(path: string, known: string[]): string | undefined {
  return known
    .filter((folder) => path === folder || path.startsWith(`${folder}/`))
    .sort((a, b) => b.length - a.length)[0];
}

type Edge = { from: string; to: string; file: string; specifier: string };

function importEdges(): Edge[] {
  const known = folders();
  const all = workspaces();
  const edges: Edge[] = [];
  for (const folder of known) {
    for (const file of sourceFiles(folder)) {
      for (const specifier of importSpecifiers(readFileSync(join(root, file), "utf8"))) {
        const target = resolveSpecifier(file, specifier, all);
        const to = target === undefined ? undefined : folderOf(target, known);
        if (to !== undefined && to !== folder) edges.push({ from: folder, to, file, specifier });
      }
    }
  }
  return edges;
}

/** Each cycle between folders, as the list of folders around it. */
function folderCycles(edges: { from: string; to: string }[]): string[][] {
  const next = new Map<string, Set<string>>();
  for (const { from, to } of edges) next.set(from, (next.get(from) ?? new Set()).add(to));
  const cycles = new Map<string, string[]>();
  const walk = (path: string[]) => {
    const last = path.at(-1) as string;
    for (const to of next.get(last) ?? []) {
      if (to === path[0]) {
        const start = path.indexOf([...path].sort()[0] as string);
        const cycle = [...path.slice(start), ...path.slice(0, start)];
        cycles.set(cycle.join(" → "), cycle);
      } else if (!path.includes(to) && to > (path[0] as string)) walk([...path, to]);
    }
  };
  for (const start of next.keys()) walk([start]);
  return [...cycles.values()];
}

const describeEdges = (edges: Edge[]) => edges.map((e) => `${e.file} imports ${e.specifier}`);

describe("where the product, its demo and its test support meet", () => {
  const edges = importEdges();

  it("R-SRV-2 the demo data, the seed and the import live in a tools package, which nothing in the product imports", () => {
    expect(productFolders).toEqual(
      expect.arrayContaining(["apps/api/src", "packages/contracts", "packages/http-cache"]),
    );
    // the product holds no demo data of its own
    const demoFiles = sourceFiles("apps/api/src").filter((file) => /(^|\/)(demo[^/]*|seed)\.ts$|\/demo\//.test(file));
    expect(demoFiles).toEqual([]);
    expect(existsSync(join(root, "tools/demo/package.json"))).toBe(true);
    const intoTools = edges.filter((e) => productFolders.includes(e.from) && e.to.startsWith("tools/"));
    expect(describeEdges(intoTools)).toEqual([]);
  });

  it("R-SRV-2 the product's runtime code imports nothing from the test support package", () => {
    expect(existsSync(join(root, "packages/test-support/package.json"))).toBe(true);
    const intoSupport = edges.filter((e) => productFolders.includes(e.from) && e.to === "packages/test-support");
    expect(describeEdges(intoSupport)).toEqual([]);
  });

  it("R-SRV-8 no two of the product's parts, packages, tools, scripts, bench and tests import each other in a loop", () => {
    expect(folderCycles(edges).map((cycle) => cycle.join(" → "))).toEqual([]);
  });

  it("R-SRV-8 the walk sees every form of import, and finds a loop when there is one", () => {
    const source = [
      'import { a } from "./a.ts";',
      'import type { B } from "../b.ts";',
      'export { c } from "@davmu/contracts/public-id";',
      'import "./side-effect.ts";',
      'const later = await import("../later.ts");',
      "import {\n  d,\n  e,\n} from './d.ts';",
    ].join("\n");
    expect(importSpecifiers(source).sort()).toEqual(
      ["./a.ts", "../b.ts", "@davmu/contracts/public-id", "./side-effect.ts", "../later.ts", "./d.ts"].sort(),
    );
    expect(
      folderCycles([
        { from: "scripts", to: "apps/web/e2e" },
        { from: "apps/web/e2e", to: "bench" },
        { from: "bench", to: "scripts" },
        { from: "bench", to: "apps/api/src" },
      ]),
    ).toEqual([["apps/web/e2e", "bench", "scripts"]]);
    expect(folderCycles([{ from: "bench", to: "scripts" }])).toEqual([]);
  });
});
