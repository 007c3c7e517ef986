import { readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { describe, expect, it } from "vitest";

/**
 * A migration is frozen in time: it may import kysely, Node's built-ins and its siblings in this
 * folder, never application code, so changing the application never changes what an old migration
 * does to a database.
 */
const folder = new URL("./", import.meta.url);

/** Every module specifier a source names: static and dynamic imports, re-exports, require. */
function specifiers(source: string): string[] {
  const found: string[] = [];
  const patterns = [
    /\b(?:import|export)\s[^;]*?\bfrom\s*["']([^"']+)["']/g,
    /\bimport\s*["']([^"']+)["']/g,
    /\bimport\s*\(\s*["']([^"']+)["']\s*\)/g,
    /\brequire\s*\(\s*["']([^"']+)["']\s*\)/g,
  ];
  for (const pattern of patterns) {
    for (const match of source.matchAll(pattern)) found.push(match[1] as string);
  }
  return found;
}

/** Whether a migration may import this: kysely, a node: built-in, or a file beside it. */
function allowedInMigration(specifier: string, siblings: readonly string[]): boolean {
  if (specifier === "kysely" || specifier.startsWith("kysely/")) return true;
  if (specifier.startsWith("node:")) return builtinModules.includes(specifier.slice("node:".length));
  const sibling = /^\.\/([^/]+)$/.exec(specifier);
  return sibling !== null && siblings.includes(sibling[1] as string);
}

const sources = readdirSync(folder).filter((name) => name.endsWith(".ts") && !name.endsWith(".test.ts"));

describe("migrations", () => {
  it("R-SRV-2 the folder holds the migrations this check reads", () => {
    expect(sources).toContain("001-initial.ts");
    expect(sources.filter((name) => /^\d{3}-/.test(name)).length).toBeGreaterThanOrEqual(6);
  });

  it.each(sources)("R-SRV-2 %s imports only kysely, node: built-ins and files beside it", (name) => {
    const source = readFileSync(new URL(name, folder), "utf8");
    const outside = specifiers(source).filter((specifier) => !allowedInMigration(specifier, sources));
    expect(outside).toEqual([]);
  });

  it("R-SRV-2 the check sees application imports in every form a source can write them", () => {
    const source = [
      'import { indexTerms } from "../../modules/search/terms.ts";',
      'import type { Config } from "../../plugins/config.ts";',
      'export { x } from "@davmu/contracts/public-id";',
      'import "./side-effect.ts";',
      'const later = await import("../seed.ts");',
      'import { sql } from "kysely";',
      'import { createHash } from "node:crypto";',
      'import { type AnyDb } from "./dialect.ts";',
    ].join("\n");
    const outside = specifiers(source).filter((specifier) => !allowedInMigration(specifier, ["dialect.ts"]));
    expect(outside.sort()).toEqual(
      [
        "../../modules/search/terms.ts",
        "../../plugins/config.ts",
        "@davmu/contracts/public-id",
        "./side-effect.ts",
        "../seed.ts",
      ].sort(),
    );
  });
});
