import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join, posix, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The API's shape (decision 048), read from the source itself:
 * - modules (`modules/<area>/`) reach each other only through their public surface: `repository.ts`
 *   (or `plugin.ts`: the repository plugin and its decorators' types), `tables.ts` (its tables'
 *   types), `present.ts` (its answers' shapes) and `module.ts` (its registration);
 * - no cycle between modules, and none between `plugins/` and `modules/` (nor through `lib/`, `db/`);
 * - no SQL outside repositories: query building stands only in `repository.ts`, `*-repository.ts`,
 *   `tables.ts` and `db/` (the connection, locks, migrations);
 * - one way of typing the schema: a module's tables are declared in its `tables.ts`; `db/schema.ts`
 *   declares only the tables no module owns and composes the modules' tables into `Database`.
 * Demo data and the seed and import CLIs are tools, not the product (they are left out), and so are tests.
 */

const srcDir = dirname(new URL(import.meta.url).pathname);

const publicFiles = new Set(["repository.ts", "plugin.ts", "tables.ts", "present.ts", "module.ts"]);

/** Files of tools that seed and import demo data: not part of the product's graph. */
function isTool(file: string) {
  return (
    file.startsWith("db/demo/") ||
    ["db/seed.ts", "db/cli.ts", "db/import-cli.ts"].includes(file) ||
    /^modules\/[^/]+\/demo[^/]*\.ts$/.test(file)
  );
}

function sourceFiles(dir = srcDir): string[] {
  const files: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...sourceFiles(path));
    else if (entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts")) files.push(path);
  }
  return files;
}

const files = sourceFiles()
  .map((path) => relative(srcDir, path).split("\\").join("/"))
  .filter((file) => !isTool(file))
  .sort();

/** `import … from "x"`, `export … from "x"`, `import "x"` and `import("x")`. */
const importPattern =
  /^\s*(?:import|export)\b[^;"'`]*?\bfrom\s*["']([^"']+)["']|(?:^\s*import\s*|\bimport\s*\(\s*)["']([^"']+)["']/gm;

/** The files of `apps/api/src` a file imports (relative specifiers only; packages are outside the graph). */
function importsOf(file: string): string[] {
  const text = readFileSync(join(srcDir, file), "utf8");
  return [...text.matchAll(importPattern)]
    .map((match) => (match[1] ?? match[2]) as string)
    .filter((specifier) => specifier.startsWith("."))
    .map((specifier) => posix.normalize(posix.join(posix.dirname(file), specifier)))
    .filter((target) => !target.startsWith(".."));
}

/** `modules/<area>` for a module's files; else the folder (`plugins`, `lib`, `db`), else `app`. */
function unitOf(file: string) {
  const parts = file.split("/");
  if (parts[0] === "modules" && parts.length > 2) return `modules/${parts[1]}`;
  return parts.length > 1 ? (parts[0] as string) : "app";
}

const edges = files.flatMap((from) => importsOf(from).map((to) => ({ from, to })));
const named = ({ from, to }: { from: string; to: string }) => `${from} → ${to}`;

const isTablesFile = (file: string) => /^modules\/[^/]+\/tables\.ts$/.test(file);

/**
 * `db/schema.ts` naming a module's tables to compose `Database`. Each leads to a `tables.ts` that
 * imports nothing of `apps/api/src` but `db/schema.ts` itself and files that import nothing
 * (checked below): types of the schema, through which no cycle of code passes. The cycle check leaves these out, else every module
 * would seem to form one cycle with `db/`.
 */
const isComposition = ({ from, to }: { from: string; to: string }) => from === "db/schema.ts" && isTablesFile(to);
const layered = edges.filter((edge) => !isComposition(edge));

/** Strongly connected groups of units with more than one member (each a cycle). */
function unitCycles(): string[][] {
  const graph = new Map<string, Set<string>>();
  for (const { from, to } of layered) {
    const a = unitOf(from);
    const b = unitOf(to);
    if (!graph.has(a)) graph.set(a, new Set());
    if (!graph.has(b)) graph.set(b, new Set());
    if (a !== b) graph.get(a)?.add(b);
  }
  // Tarjan's algorithm
  let index = 0;
  const indexes = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const groups: string[][] = [];
  const visit = (unit: string) => {
    indexes.set(unit, index);
    low.set(unit, index);
    index++;
    stack.push(unit);
    onStack.add(unit);
    for (const next of graph.get(unit) ?? []) {
      if (!indexes.has(next)) {
        visit(next);
        low.set(unit, Math.min(low.get(unit) as number, low.get(next) as number));
      } else if (onStack.has(next)) {
        low.set(unit, Math.min(low.get(unit) as number, indexes.get(next) as number));
      }
    }
    if (low.get(unit) === indexes.get(unit)) {
      const group: string[] = [];
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        group.push(member);
      } while (member !== unit);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const unit of [...graph.keys()].sort()) if (!indexes.has(unit)) visit(unit);
  return groups;
}

/** The imports (file → file) that make up a group of units' cycle, for the failure message. */
function edgesWithin(group: string[]) {
  return layered
    .filter(({ from, to }) => unitOf(from) !== unitOf(to) && group.includes(unitOf(from)) && group.includes(unitOf(to)))
    .map(({ from, to }) => `${from} → ${to}`);
}

const sqlPattern =
  /\b(?:selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\s*\(|\bsql(?:<[^>]*>)?`|\bsql\.(?:raw|ref|id|table|lit|join)\(|\.execute\(/;

function mayHoldSql(file: string) {
  const name = basename(file);
  return name === "repository.ts" || name.endsWith("-repository.ts") || name === "tables.ts" || file.startsWith("db/");
}

describe("the API's shape (decision 048)", () => {
  it("R-SRV-8 the import graph is walked from the source", () => {
    // the walk sees the app, its modules and their repositories (a broken walk would pass every rule)
    expect(files).toContain("app.ts");
    expect(edges.length).toBeGreaterThan(200);
    expect(edges.some(({ from, to }) => from.startsWith("modules/") && to.startsWith("lib/"))).toBe(true);
  });

  it("R-SRV-8 no module imports another module's internals", () => {
    const reached = edges
      .filter(({ from, to }) => to.startsWith("modules/") && unitOf(from) !== unitOf(to))
      .filter(({ to }) => !publicFiles.has(basename(to)))
      .map(named);
    expect(reached).toEqual([]);
  });

  it("R-SRV-8 no cycle between modules, nor between plugins/ and modules/", () => {
    const cycles = unitCycles()
      .filter((group) => group.some((unit) => unit.startsWith("modules/")))
      .map((group) => ({ units: group, imports: edgesWithin(group) }));
    expect(cycles).toEqual([]);
    // plugins/ is infrastructure the modules build on: it imports no module
    const upward = edges.filter(({ from, to }) => from.startsWith("plugins/") && to.startsWith("modules/"));
    expect(upward.map(({ from, to }) => `${from} → ${to}`)).toEqual([]);
  });

  it("R-SRV-8 each module exports its registration, the module list names them all, app.ts no module", () => {
    const areas = readdirSync(join(srcDir, "modules"), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(areas.length).toBeGreaterThan(20);
    const listed = new Set(edges.filter(({ from }) => from === "modules.ts").map(({ to }) => to));
    expect(areas.filter((area) => !listed.has(`modules/${area}/module.ts`))).toEqual([]);
    expect(edges.filter(({ from, to }) => from === "app.ts" && to.startsWith("modules/")).map(named)).toEqual([]);
  });

  it("R-SRV-8 no SQL outside repositories", () => {
    const outside = files.filter(
      (file) => !mayHoldSql(file) && sqlPattern.test(readFileSync(join(srcDir, file), "utf8")),
    );
    expect(outside).toEqual([]);
  });

  it("R-SRV-8 each module's tables are typed in its tables.ts; db/schema.ts only composes them", () => {
    // db/schema.ts imports every module's tables file and nothing else; those import nothing of the
    // source but db/schema.ts (the Database their views of it extend) and files that import nothing
    const composed = importsOf("db/schema.ts");
    expect(composed.filter((file) => !isTablesFile(file))).toEqual([]);
    expect(files.filter(isTablesFile).filter((file) => !composed.includes(file))).toEqual([]);
    expect(
      composed.flatMap((file) =>
        importsOf(file)
          .filter((to) => to !== "db/schema.ts" && importsOf(to).length > 0)
          .map((to) => `${file} → ${to}`),
      ),
    ).toEqual([]);
    // a table's type (`interface …Table`, `type …Tables`) is declared in a tables.ts, or in
    // db/schema.ts for the infrastructure's tables no module owns (the settings; the password guards,
    // which visitors' and editors' logins both count in)
    const shared = ["SettingsTable", "PasswordGuardsTable", "SharedTables"];
    const declaration = /^(?:export\s+)?(?:interface|type)\s+(\w+Tables?)\b/gm;
    const misplaced = files
      .filter((file) => (file.startsWith("modules/") || file.startsWith("db/")) && !isTablesFile(file))
      .flatMap((file) =>
        [...readFileSync(join(srcDir, file), "utf8").matchAll(declaration)]
          .map((match) => match[1] as string)
          .filter((name) => !(file === "db/schema.ts" && shared.includes(name)))
          .map((name) => `${file}: ${name}`),
      );
    expect(misplaced).toEqual([]);
  });

  it("R-SRV-8 the import pattern reads every form of import", () => {
    const text = [
      'import { a } from "./a.ts";',
      "import type { B } from '../b.ts';",
      'import {\n  c,\n  type D,\n} from "./c.ts";',
      'export { e } from "./e.ts";',
      'import "./f.ts";',
      'const g = await import("./g.ts");',
    ].join("\n");
    expect([...text.matchAll(importPattern)].map((match) => match[1] ?? match[2])).toEqual([
      "./a.ts",
      "../b.ts",
      "./c.ts",
      "./e.ts",
      "./f.ts",
      "./g.ts",
    ]);
  });

  it("R-SRV-8 the SQL pattern sees query building", () => {
    for (const line of [
      'db.selectFrom("users")',
      "trx.insertInto('x')",
      ".updateTable(t)",
      "db.deleteFrom (t)",
      "sql`select 1`",
      "sql<number>`count(*)`",
      "await query.execute()",
    ])
      expect(sqlPattern.test(line), line).toBe(true);
    for (const line of ["selectedFrom(x)", "const sqlite = 1", "run.executed()"])
      expect(sqlPattern.test(line), line).toBe(false);
  });
});
