/**
 * Packs what the benches need to run on another x86-64 Linux machine that has none of this project's
 * tools (no Node, npm, network, PostgreSQL or Chromium: python3, gzip and a POSIX shell only) into one
 * archive, .bench/pack/product.tar.xz (at most 50 MiB), to be extracted over a checkout of the same
 * commit (tracked files only) at its root. The archive holds:
 *   - the pinned Node binary (node_modules/node/bin/node) and the node_modules/.bin/node link to it;
 *   - the workspace links (node_modules/@davmu/* → ../../apps/…, ../../packages/…, ../../tools/…);
 *   - from every node_modules folder, what the packed benches load as they run: every file traced
 *     (code, data files read beside it, folders listed, native addons and the shared libraries they
 *     bring in), the package.json files that module resolution reads on the way, and the rest of the
 *     JavaScript and JSON of each package loaded (a code path the short traced runs did not take, such
 *     as an error's, finds its module). Tools that are loaded but never run here (Lighthouse, Playwright,
 *     Puppeteer: bench/run.ts imports them even with --skip-lighthouse) bring their traced files only;
 *   - the site's and the console's builds (apps/web/build, apps/console/build), as they are: built
 *     here only when missing, so rebuild (npm run build) after changing the site or the console.
 * What is loaded is traced, not guessed: each packed bench runs once here, briefly (short durations,
 * small data sets, the same code paths), with bench/lib/trace-loads.ts preloaded in every process it
 * starts (the product server, the seed, the baselines, the load generators, worker threads). The
 * trace is kept in .bench/pack/loads.txt and the packed paths in .bench/pack/files.txt. The results
 * bench/run.ts writes (.bench/results.md, .bench/results.json) are put back as they were.
 * The packed benches, on the other machine:
 *   node bench/run.ts --skip-lighthouse --skip-tracking
 *   node bench/render-cpu.ts
 *   node bench/scale.ts --only=sqlite
 *   node bench/tracking.ts --only=sqlite
 * Not packed: Chromium (Lighthouse and the first tap: leave them out with --skip-lighthouse), the
 * PostgreSQL binaries (--only=sqlite), npm and the build tools (the builds are packed). Redis is not
 * needed: the product runs without it unless REDIS_URL is set.
 * On the other machine, at the checkout's root (the archive's paths are relative to it):
 *   python3 -c 'import tarfile; tarfile.open(".bench/pack/product.tar.xz").extractall(".")'
 *   (or python3 .bench/pack/unpack.py, written beside the archive), then
 *   export PATH="$PWD/node_modules/.bin:$PATH"
 * Every process a bench starts runs with the Node running it (process.execPath), so the packed Node
 * serves them all.
 * Usage: node bench/pack.ts [--reuse-trace]
 *   --reuse-trace  packs from the last trace (.bench/pack/loads.txt) instead of tracing again
 * Needs tar and xz; reproducible for a commit and its node_modules (sorted paths, the commit's time
 * as every file's time, owner 0).
 */
import { spawnSync } from "node:child_process";
import {
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  realpathSync,
  rmSync,
  statSync,
  writeFileSync,
} from "node:fs";
import { dirname, join, relative, sep } from "node:path";

/** The repository's root, as traced paths name it (links resolved), with a trailing slash. */
const root = `${realpathSync(new URL("../", import.meta.url).pathname)}/`;
const out = join(root, ".bench/pack");
const archive = join(out, "product.tar.xz");
const loadsFile = join(out, "loads.txt");
const limitBytes = 50 * 1024 * 1024;
const log = (line: string) => process.stderr.write(`${line}\n`);

/** The packed benches as traced: the same code paths as their full runs, in seconds. */
const tracedRuns: Array<{ name: string; args: string[] }> = [
  {
    name: "run",
    args: ["bench/run.ts", "--skip-lighthouse", "--skip-tracking", "--seconds=2", "--rounds=1"],
  },
  { name: "render-cpu", args: ["bench/render-cpu.ts", "--pages=200", "--concurrency=4"] },
  {
    name: "scale",
    args: ["bench/scale.ts", "--only=sqlite", "--contents=2000", "--comments=10000", "--burst-seconds=1"],
  },
  { name: "tracking", args: ["bench/tracking.ts", "--only=sqlite", "--seconds=1", "--rounds=1"] },
];

/** Generated folders the benches read, packed whole. */
const builds = ["apps/web/build", "apps/console/build"];

/**
 * Packages loaded at import but never run by the packed benches (the browser tools, and what only
 * they bring): their traced files only, not the rest of their code.
 */
const traceOnly = [
  "lighthouse",
  "lighthouse-logger",
  "lighthouse-stack-packs",
  "@paulirish/trace_engine",
  "third-party-web",
  "playwright",
  "playwright-core",
  "puppeteer",
  "puppeteer-core",
  "@puppeteer/browsers",
  "chromium-bidi",
];
/** Never packed, whatever loads them: development tools. */
const denied = [
  "@biomejs/*",
  "typescript",
  "vitest",
  "@vitest/*",
  "vite",
  "rolldown",
  "@rolldown/*",
  "hls.js",
  "@types/*",
];
const matches = (patterns: string[], name: string) =>
  patterns.some((pattern) => (pattern.endsWith("/*") ? name.startsWith(pattern.slice(0, -1)) : name === pattern));

/** Folders of a package left out when its code is packed whole. */
const skippedFolders = new Set([
  "node_modules",
  "test",
  "tests",
  "__tests__",
  "docs",
  "doc",
  "example",
  "examples",
  "benchmark",
  "benchmarks",
  ".github",
]);
const wholeCode = (name: string) => /\.(c|m)?js$|\.json$|^(licen[cs]e|copying)/i.test(name);

const args = new Set(process.argv.slice(2));
for (const arg of args)
  if (arg !== "--reuse-trace") {
    log(`unknown argument ${arg}; usage: node bench/pack.ts [--reuse-trace]`);
    process.exit(2);
  }

const node = process.execPath;
const nodeRelative = relative(root, node);
if (!nodeRelative.startsWith(`node_modules${sep}`)) {
  log(`${node} is not the project's pinned Node; run with it: export PATH="$PWD/node_modules/.bin:$PATH"`);
  process.exit(2);
}

const run = (command: string, commandArgs: string[], env?: NodeJS.ProcessEnv) =>
  spawnSync(command, commandArgs, { cwd: root, env: env ?? process.env, encoding: "utf8", maxBuffer: 1 << 28 });

mkdirSync(out, { recursive: true });
if (!existsSync(join(root, "apps/web/build/server/index.js")) || !existsSync(join(root, "apps/console/build"))) {
  log("building the site and the console");
  const built = spawnSync("npm", ["run", "build", "--silent"], { cwd: root, stdio: "inherit" });
  if (built.status !== 0) throw new Error("building failed");
}

// 1. trace what the packed benches load
if (!args.has("--reuse-trace") || !existsSync(loadsFile)) {
  rmSync(loadsFile, { force: true });
  // bench/run.ts writes its results; the trace's short run must not replace the last real ones
  const kept = ["results.md", "results.json"]
    .map((name) => join(root, ".bench", name))
    .filter((path) => existsSync(path))
    .map((path) => ({ path, text: readFileSync(path) }));
  try {
    for (const { name, args: benchArgs } of tracedRuns) {
      const started = performance.now();
      const env = {
        ...process.env,
        NODE_OPTIONS: `${process.env.NODE_OPTIONS ?? ""} --import=${join(root, "bench/lib/trace-loads.ts")}`.trim(),
        TRACE_LOADS_FILE: loadsFile,
      };
      const traced = run(node, benchArgs, env);
      const output = `${traced.stdout}\n${traced.stderr}`;
      writeFileSync(join(out, `trace-${name}.log`), output);
      // 1: a budget failed, which the short run may well do; anything else stopped the bench
      if (traced.status !== 0 && traced.status !== 1)
        throw new Error(
          `tracing ${benchArgs.join(" ")} failed (${traced.status ?? traced.signal}):\n${output.slice(-3000)}`,
        );
      log(`traced ${benchArgs.join(" ")}: ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  } finally {
    for (const { path, text } of kept) writeFileSync(path, text);
  }
}

// 2. what to pack, as paths relative to the root
const packed = new Set<string>();
const lstat = (path: string) => {
  try {
    return lstatSync(join(root, path));
  } catch {
    return null;
  }
};
/** Adds a file, a link or a folder (the folder alone, not what it holds). */
const add = (path: string) => {
  if (lstat(path)) packed.add(path);
};
/** Adds every file and link under a folder, leaving out the folders `skip` names. */
const addTree = (path: string, keep: (name: string) => boolean = () => true, skip = new Set<string>()) => {
  for (const entry of readdirSync(join(root, path), { withFileTypes: true })) {
    const child = `${path}/${entry.name}`;
    if (entry.isDirectory()) {
      if (!skip.has(entry.name)) addTree(child, keep, skip);
    } else if (keep(entry.name)) packed.add(child);
  }
};

const tracked = new Set(run("git", ["ls-files", "-z"]).stdout.split("\0"));
const packages = new Map<string, string>(); // package folder → package name
const leftOut = new Map<string, number>();
const marker = "node_modules/";
/** A traced path as the file it names (links resolved, as Node resolves modules), or null when gone. */
const real = (path: string) => {
  try {
    return realpathSync(path);
  } catch {
    return null; // made and removed by the run (temporary files)
  }
};
for (const line of new Set(readFileSync(loadsFile, "utf8").split("\n"))) {
  const file = real(line);
  if (!file?.startsWith(root)) continue;
  const path = file.slice(root.length);
  const stats = lstat(path);
  if (!path || !stats) continue;
  const at = path.lastIndexOf(marker);
  if (at === -1 || path.endsWith("node_modules")) {
    const packedOrKept = tracked.has(path) || builds.some((build) => path.startsWith(`${build}/`));
    if (!stats.isDirectory() && !packedOrKept && path !== "bench/lib/trace-loads.ts") {
      const where = path.split("/").slice(0, 2).join("/");
      leftOut.set(where, (leftOut.get(where) ?? 0) + 1);
    }
    continue;
  }
  const inside = path.slice(at + marker.length).split("/");
  const name = (inside[0]?.startsWith("@") ? inside.slice(0, 2) : inside.slice(0, 1)).join("/");
  if (matches(denied, name)) continue;
  const folder = path.slice(0, at + marker.length) + name;
  if (name !== ".bin" && inside.length > (name.startsWith("@") ? 2 : 1)) packages.set(folder, name);
  add(path);
  // module resolution reads each package.json from the file's folder up to the package's own
  for (let up = dirname(path); up.length >= folder.length; up = dirname(up)) add(`${up}/package.json`);
}
for (const [folder, name] of packages) {
  add(`${folder}/package.json`);
  if (!matches(traceOnly, name)) addTree(folder, wholeCode, skippedFolders);
}

// the workspace links, and the Node binary with the link that puts it on PATH
for (const entry of readdirSync(join(root, "node_modules"))) {
  const names = entry.startsWith("@")
    ? readdirSync(join(root, "node_modules", entry)).map((name) => `${entry}/${name}`)
    : [entry];
  for (const name of names) {
    const link = `node_modules/${name}`;
    if (!lstat(link)?.isSymbolicLink()) continue;
    const target = relative(root, realpathSync(join(root, link)));
    if (!target.startsWith("..") && !target.includes(marker)) packed.add(link);
  }
}
packed.add(nodeRelative);
add(join(dirname(dirname(nodeRelative)), "package.json"));
if (realpathSync(join(root, "node_modules/.bin/node")) !== realpathSync(node))
  throw new Error("node_modules/.bin/node is not the Node running this script");
packed.add("node_modules/.bin/node");
for (const build of builds) addTree(build);

// every link packed points at something packed (or at a tracked file of the checkout)
for (const path of packed) {
  if (!lstat(path)?.isSymbolicLink()) continue;
  const target = join(dirname(path), readlinkSync(join(root, path)));
  if (!packed.has(target) && !statSync(join(root, target)).isDirectory() && !tracked.has(target))
    throw new Error(`${path} links to ${target}, which is not packed`);
}

// 3. the archive
const paths = [...packed].sort();
writeFileSync(join(out, "files.txt"), `${paths.join("\n")}\n`);
const listFile = join(out, "files.nul");
writeFileSync(listFile, `${paths.join("\0")}\0`);
const commitTime = run("git", ["log", "-1", "--format=%ct"]).stdout.trim();
rmSync(archive, { force: true });
log(`packing ${paths.length} paths into ${relative(root, archive)} (xz -9, a minute or two)`);
const tar = run("tar", [
  "--create",
  `--file=${archive}`,
  "--use-compress-program=xz -T2 -9",
  "--format=gnu",
  "--owner=0",
  "--group=0",
  "--numeric-owner",
  `--mtime=@${commitTime}`,
  "--hard-dereference",
  "--no-recursion",
  "--null",
  `--files-from=${listFile}`,
]);
rmSync(listFile, { force: true });
if (tar.status !== 0) throw new Error(`tar failed (${tar.status ?? tar.signal}):\n${tar.stderr}`);

writeFileSync(
  join(out, "unpack.py"),
  `"""Extracts product.tar.xz (beside this file) at the repository's root: python3 .bench/pack/unpack.py"""
import os
import tarfile
import time

here = os.path.dirname(os.path.abspath(__file__))
root = os.path.dirname(os.path.dirname(here))
started = time.time()
with tarfile.open(os.path.join(here, "product.tar.xz")) as archive:
    if hasattr(tarfile, "data_filter"):
        archive.extraction_filter = tarfile.data_filter
    archive.extractall(root)
print(f"extracted into {root} in {time.time() - started:.1f} s")
`,
);

const rawBytes = paths.reduce((sum, path) => {
  const stats = lstat(path);
  return sum + (stats?.isFile() ? stats.size : 0);
}, 0);
const bytes = statSync(archive).size;
const mib = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MiB`;
for (const [where, count] of leftOut)
  log(`not packed: ${count} file(s) under ${where} that the runs read (made by them, not tracked)`);
console.log(
  `${relative(root, archive)}: ${mib(bytes)} (${bytes} bytes; ${paths.length} paths, ${mib(rawBytes)} unpacked), limit ${mib(limitBytes)}`,
);
if (bytes > limitBytes) {
  log("the archive is over its limit");
  process.exit(1);
}
