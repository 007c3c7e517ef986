/**
 * The one test command: system packages, lint, typecheck, build, then every test project
 * (unit, API on SQLite and on PostgreSQL, browser). Stops at the first failing step.
 */
import { spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const report = join(mkdtempSync(join(tmpdir(), "davmu-test-")), "vitest.json");

function step(title: string, command: string, args: string[], cwd = root) {
  console.log(`\n▶ ${title}`);
  const started = performance.now();
  const result = spawnSync(command, args, { cwd, stdio: "inherit", env: process.env });
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`✗ ${title} failed (${seconds}s)`);
    process.exit(result.status ?? 1);
  }
  console.log(`✓ ${title} (${seconds}s)`);
}

step("system packages", "bash", ["scripts/ensure-system-deps.sh"]);
step("lint (biome)", "biome", ["check", "."]);
step("route types", "react-router", ["typegen"], join(root, "apps/web"));
step("typecheck (tsc)", "tsc", ["--noEmit", "-p", "tsconfig.json"]);
step("build the site", "npm", ["run", "build", "--silent"]);
step("bundle checks", "node", ["scripts/check-bundle.ts"]);

console.log("\n▶ tests: unit, api-sqlite, api-postgres, e2e");
const tests = spawnSync("vitest", ["run", "--reporter=default", "--reporter=json", `--outputFile.json=${report}`], {
  cwd: root,
  stdio: "inherit",
  env: process.env,
});
let passed = 0;
let failed = 0;
let skipped = 0;
if (existsSync(report)) {
  const json = JSON.parse(readFileSync(report, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
  };
  passed = json.numPassedTests;
  failed = json.numFailedTests;
  skipped = json.numPendingTests + json.numTodoTests;
  rmSync(report, { force: true });
}
// which requirement ids the tests name, where the requirements' coverage tool sits beside the checkout
const coverageTool = join(root, "../shared/tools/req-coverage.mjs");
if (existsSync(coverageTool)) spawnSync("node", [coverageTool], { cwd: root, stdio: "inherit" });
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
const ok = tests.status === 0 && failed === 0 && passed > 0;
process.exit(ok ? 0 : (tests.status ?? 1) || 1);
