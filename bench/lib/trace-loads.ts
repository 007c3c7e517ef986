/**
 * A preload that records every file a Node process loads or reads, for bench/pack.ts: each module
 * resolved or loaded (ESM `import` and CommonJS `require` alike, through `module.registerHooks`), each
 * native addon opened (`process.dlopen`) with the shared libraries it brought in (read from
 * /proc/self/maps: Linux only, as the bench is), and each file or folder read or looked at through
 * `node:fs` (data files a package reads beside its code, files it checks for). Paths go to the file named by TRACE_LOADS_FILE, one a line, each
 * once a process; without it the preload does nothing. Child processes inherit NODE_OPTIONS, so
 *   NODE_OPTIONS="--import=/abs/bench/lib/trace-loads.ts" TRACE_LOADS_FILE=/abs/loads.txt node bench/…
 * traces a bench with the product server, the baselines and the load generators it starts.
 */
import fs from "node:fs";
import { registerHooks, syncBuiltinESMExports } from "node:module";
import { resolve } from "node:path";
import { fileURLToPath } from "node:url";

const logFile = process.env.TRACE_LOADS_FILE;

if (logFile) {
  const append = fs.appendFileSync;
  const seen = new Set<string>();
  const record = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    // one short line a write, O_APPEND: lines from concurrent processes do not interleave
    append(logFile, `${path}\n`);
  };
  const recordUrl = (url: string) => {
    if (url.startsWith("file:")) record(fileURLToPath(url));
  };
  /** A path argument of node:fs as a path (file descriptors and odd values are left out). */
  const recordArgument = (path: unknown) => {
    if (typeof path === "string") record(resolve(path));
    else if (path instanceof URL) recordUrl(path.href);
    else if (Buffer.isBuffer(path)) record(resolve(path.toString()));
  };

  registerHooks({
    resolve(specifier, context, nextResolve) {
      const resolved = nextResolve(specifier, context);
      recordUrl(resolved.url);
      return resolved;
    },
    load(url, context, nextLoad) {
      recordUrl(url);
      return nextLoad(url, context);
    },
  });

  /** Files mapped into this process: an addon's shared libraries, loaded by the system's linker. */
  const recordMapped = () => {
    for (const line of fs.readFileSync("/proc/self/maps", "utf8").split("\n")) {
      const path = line.split(/ +/)[5];
      if (path?.startsWith("/")) record(path);
    }
  };
  const dlopen = process.dlopen;
  process.dlopen = (module: { exports: unknown }, filename: string, flags?: number) => {
    record(filename);
    try {
      return flags === undefined ? dlopen(module, filename) : dlopen(module, filename, flags);
    } finally {
      recordMapped();
    }
  };

  /** Wraps a function of a node:fs namespace so that its first argument, a path, is recorded. */
  const wrap = (target: object, names: string[]) => {
    const functions = target as Record<string, unknown>;
    for (const name of names) {
      const original = functions[name];
      if (typeof original !== "function") continue;
      const wrapper = function (this: unknown, path: unknown, ...rest: unknown[]) {
        recordArgument(path);
        return original.call(this, path, ...rest);
      };
      // what hangs on the function stays (`realpathSync.native`, `util.promisify.custom`)
      for (const key of Reflect.ownKeys(original))
        if (key !== "length" && key !== "name" && key !== "prototype")
          Object.defineProperty(wrapper, key, Object.getOwnPropertyDescriptor(original, key) as PropertyDescriptor);
      functions[name] = wrapper;
    }
  };
  const reads = [
    "readFile",
    "readFileSync",
    "open",
    "openSync",
    "createReadStream",
    "readdir",
    "readdirSync",
    "opendir",
  ];
  const looks = ["stat", "lstat", "access"];
  wrap(fs, [...reads, ...looks, "opendirSync", "existsSync", "statSync", "lstatSync", "accessSync", "realpathSync"]);
  wrap(fs.promises, [...reads, ...looks]);
  // `import { readFileSync } from "node:fs"` binds to the wrapped functions from here on
  syncBuiltinESMExports();
}
