/**
 * R-WEB-ISLAND-1 (decision 058): the server keeps React Router's framework mode; the browser never
 * runs React Router, nor a copy of its internals. Read from the sources: what the island registry can
 * load (every island, and everything it imports, statically or on demand) never imports React Router or
 * the site's door to it; the build swaps nothing in for React Router and nothing reads its built files.
 * `scripts/check-bundle.ts` checks the same on the build's scripts.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const app = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const web = resolve(app, "..");
const repo = resolve(web, "../..");

const importPattern =
  /(?:import|export)\s+(?:type\s+)?(?:[^'"`;]*?\sfrom\s*)?["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

/** A relative import's file: as written, or with the extensions TypeScript would try. */
function resolveImport(from: string, specifier: string): string | null {
  const base = resolve(dirname(from), specifier.split("?")[0] as string);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    if (existsSync(candidate) && !candidate.endsWith("/")) {
      try {
        readFileSync(candidate);
        return candidate;
      } catch {}
    }
  }
  return null;
}

/** Every module reachable from `start`, with the packages they import (type-only imports left out). */
function reachable(start: string): { files: Set<string>; packages: Map<string, string> } {
  const files = new Set<string>();
  const packages = new Map<string, string>();
  const pending = [start];
  while (pending.length) {
    const file = pending.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    const source = readFileSync(file, "utf8");
    for (const m of source.matchAll(importPattern)) {
      if (/^(?:import|export)\s+type\s/.test(m[0])) continue;
      const specifier = (m[1] ?? m[2]) as string;
      if (specifier.startsWith(".")) {
        const found = resolveImport(file, specifier);
        if (found && /\.(ts|tsx)$/.test(found)) pending.push(found);
      } else if (!packages.has(specifier)) packages.set(specifier, file);
    }
  }
  return { files, packages };
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" || entry.name === "build" ? [] : sourceFiles(path);
    return /\.(ts|tsx|mjs|js)$/.test(entry.name) ? [path] : [];
  });
}

describe("the browser stands on React Router's public APIs only (R-WEB-ISLAND-1)", () => {
  it("R-WEB-ISLAND-1 nothing an island page can load imports React Router or the site's door to it", () => {
    // the loader, its start-up, and through the registry every island and what it fetches on demand
    const { files, packages } = reachable(join(app, "islands/boot.ts"));
    expect(files.has(join(app, "islands/registry.ts"))).toBe(true);
    expect(files.has(join(app, "islands/page-effects.ts"))).toBe(true);
    expect(files.size).toBeGreaterThan(40);
    const router = [...packages].filter(([name]) => /^(react-router|@react-router\/)/.test(name));
    expect(router, "React Router imported by modules a page loads").toEqual([]);
    const door = [...files].filter((file) => file === join(app, "lib/router.ts"));
    expect(door, "lib/router.ts reached from the islands").toEqual([]);
    expect([...files].filter((file) => file.endsWith(".server.ts"))).toEqual([]);
  });

  it("R-WEB-ISLAND-1 no copy of React Router's client, no build step that swaps one in, nothing that reads its built files", () => {
    expect(existsSync(join(app, "lib/page-router"))).toBe(false);
    const config = readFileSync(join(web, "vite.config.ts"), "utf8");
    expect(config).not.toMatch(/source\s*[!=]==\s*["']react-router["']/);
    expect(config).not.toMatch(/alias[\s\S]{0,200}react-router/);
    const readers = [
      ...sourceFiles(join(repo, "apps")),
      ...sourceFiles(join(repo, "packages")),
      ...sourceFiles(join(repo, "scripts")),
    ]
      .filter((file) => file !== fileURLToPath(import.meta.url))
      .filter((file) => /react-router\/dist|@react-router\/[\w-]+\/dist/.test(readFileSync(file, "utf8")));
    expect(readers).toEqual([]);
  });

  it("R-WEB-ISLAND-1 every route draws its page on the server alone: no route module is among what a page loads", () => {
    const { files } = reachable(join(app, "islands/boot.ts"));
    // route modules live in their features' routes/ folders (decision 065)
    expect(
      [...files].filter((file) => /\/app\/features\/[\w-]+\/routes\//.test(file) || file.endsWith("/app/root.tsx")),
    ).toEqual([]);
  });

  it("R-WEB-ISLAND-2 every route with scripts is drawn as an island page and says which of its parts are islands", () => {
    const table = readFileSync(join(app, "routes.ts"), "utf8");
    const modules = [
      ...new Set([...table.matchAll(/"(features\/[\w-]+\/routes\/[\w-]+\.tsx)"/g)].map((m) => m[1] as string)),
    ];
    expect(modules.length).toBeGreaterThan(30);
    const undeclared = modules
      .filter((module) => module !== "features/pc/routes/pc.tsx")
      .filter(
        (module) =>
          !/export const handle: PageHandle = \{[^}]*islands: true/.test(readFileSync(join(app, module), "utf8")),
      );
    expect(undeclared).toEqual([]);
  });
});
