/**
 * The one test command: system packages, lint, typecheck, build, then every test project
 * (unit, API on SQLite and on PostgreSQL, browser). Stops at the first failing step.
 */
import { spawn, spawnSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const reportDir = mkdtempSync(join(tmpdir(), "davmu-test-"));

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

/**
 * The tests as two runs side by side: unit and API files (two at a time, each with its own database
 * and ports), and the browser files (one at a time, against one server of their own). Run as one,
 * Vitest ran the browser files only after every API file, though they wait on Chromium and the
 * server while the API files wait on their databases: side by side, the command takes the longer of
 * the two rather than their sum. The API run prints as it goes; the browser run's output follows it.
 */
interface Run {
  title: string;
  status: number | null;
  seconds: string;
  report: string;
  output: string;
}

function vitest(
  title: string,
  projects: string[],
  live: boolean,
  options: { yielding?: boolean; workers?: number } = {},
): Promise<Run> {
  const file = join(reportDir, `${title}.json`);
  const started = performance.now();
  const args = ["run", ...projects.flatMap((p) => ["--project", p]), "--reporter=default", "--reporter=json"];
  if (options.workers) args.push(`--maxWorkers=${options.workers}`);
  const command = ["vitest", ...args, `--outputFile.json=${file}`];
  // the longer run (the browser files) is the command's time: the other gives it the CPU first
  if (options.yielding) command.unshift("nice", "-n", "10");
  const child = spawn(command[0] as string, command.slice(1), {
    cwd: root,
    stdio: live ? "inherit" : ["ignore", "pipe", "pipe"],
    env: process.env,
  });
  let output = "";
  child.stdout?.on("data", (chunk) => (output += chunk));
  child.stderr?.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) =>
    child.once("close", (status) =>
      resolve({ title, status, seconds: ((performance.now() - started) / 1000).toFixed(1), report: file, output }),
    ),
  );
}

console.log("\n▶ tests: unit and the API files on SQLite and PostgreSQL, beside e2e");
const runs = await Promise.all([
  // the API files wait on their servers and databases more than they compute: three at a time use
  // the CPU the browser run leaves idle (the fault and load files run with `npm run test:long`); at
  // the browser files' priority, as this is the longer run
  vitest(
    "unit-and-api",
    ["unit", "unit-mocking", "api-sqlite", "api-postgres", "api-site-sqlite", "api-site-postgres"],
    true,
    {
      workers: 3,
    },
  ),
  // the browser files wait on Chromium, the server and their own timers more than they compute (alone,
  // two at a time kept 0.8 of the two cores busy): three at a time, each against a server of its own
  // worker. On two cores this took the command from 580 s to 541 s, the API files now the longer run;
  // four API files at a time beside them made every file slower (613 s)
  vitest("e2e", ["e2e"], false, { workers: 3 }),
]);
let passed = 0;
let failed = 0;
let skipped = 0;
/** the failing tests of every run, printed last: a long run's own output scrolls them away */
const failures: string[] = [];
for (const run of runs) {
  if (run.output) process.stdout.write(`\n▶ ${run.title}\n${run.output}`);
  console.log(`${run.status === 0 ? "✓" : "✗"} tests: ${run.title} (${run.seconds}s)`);
  if (!existsSync(run.report)) continue;
  const json = JSON.parse(readFileSync(run.report, "utf8")) as {
    numPassedTests: number;
    numFailedTests: number;
    numPendingTests: number;
    numTodoTests: number;
    testResults: {
      name: string;
      status: string;
      message?: string;
      assertionResults: { fullName: string; status: string; failureMessages: string[] }[];
    }[];
  };
  for (const file of json.testResults) {
    if (file.status === "failed" && !file.assertionResults.some((test) => test.status === "failed")) {
      failures.push(
        `✗ ${file.name.replace(root, "")}\n    ${(file.message || "a hook or the file itself failed: see the run's output above").split("\n").slice(0, 6).join("\n    ")}`,
      );
    }
    for (const test of file.assertionResults) {
      if (test.status !== "failed") continue;
      const first = (test.failureMessages[0] ?? "").split("\n").slice(0, 6).join("\n    ");
      failures.push(`✗ ${file.name.replace(root, "")} › ${test.fullName}\n    ${first}`);
    }
  }
  passed += json.numPassedTests;
  failed += json.numFailedTests;
  skipped += json.numPendingTests + json.numTodoTests;
}
rmSync(reportDir, { recursive: true, force: true });
// which requirement ids the tests name, where the requirements' coverage tool sits beside the checkout
const coverageTool = join(root, "../shared/tools/req-coverage.mjs");
if (existsSync(coverageTool)) spawnSync("node", [coverageTool], { cwd: root, stdio: "inherit" });
if (failures.length > 0) console.log(`\nfailed:\n${failures.join("\n")}`);
console.log(`${passed} passed, ${failed} failed, ${skipped} skipped`);
const ok = runs.every((run) => run.status === 0) && failed === 0 && passed > 0;
process.exit(ok ? 0 : 1);
