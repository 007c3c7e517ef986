/**
 * glibc's allocator set up for picture work before anything runs (R-REL-5, decision 043). Its
 * defaults keep the memory of a burst of uploads: each thread that allocates gets an arena of its own
 * (up to eight per core), and once a large block is freed it raises its mmap threshold to that size,
 * so the next pictures' buffers come from arenas, which hand little back to the system. Measured with
 * `node scripts/faults-pictures.ts`: ten ~10 MB photos at once left the process at 476 MB from 271 MB
 * with the defaults, at 280 MB from 242 MB with two arenas and a fixed 128 KiB threshold.
 *
 * glibc reads these variables when the process starts, so on Linux with glibc, when none is set, the
 * server (`main.ts`, before the rest of the server is loaded: decision 104) replaces itself (same
 * pid, arguments and environment) with one started with them. Setting any of them, or preloading
 * another allocator (jemalloc), keeps the process as it was started.
 *
 * The threshold is 1 MiB and the heap's top is trimmed only past 4 MiB free (decision 083): with a
 * 128 KiB threshold and glibc's 128 KiB trim, every zlib and brotli compression of an answer mapped,
 * faulted in and unmapped its encoder's state (a brotli 4 encoder's blocks lie between 256 KiB and
 * 1 MiB), about five times the compression itself. Pictures' pixel buffers are larger and still mapped.
 */

/**
 * What glibc is given: two arenas; blocks from 1 MiB up always mapped (and unmapped when freed); at
 * most 4 MiB left free at the top of a heap before it is given back.
 */
export const allocatorSettings = {
  MALLOC_ARENA_MAX: "2",
  MALLOC_MMAP_THRESHOLD_: "1048576",
  MALLOC_TRIM_THRESHOLD_: "4194304",
} as const;

/** A variable that says the deployment set the allocator itself: glibc's own, or another preloaded. */
const setsAllocator = (name: string) => name.startsWith("MALLOC_") || name === "LD_PRELOAD";

/** The environment to start again with, or null when the process is to go on as it is. */
export function allocatorRestart(
  env: NodeJS.ProcessEnv,
  platform: NodeJS.Platform,
  glibc: boolean,
): NodeJS.ProcessEnv | null {
  if (platform !== "linux" || !glibc) return null;
  if (Object.keys(env).some(setsAllocator)) return null;
  return { ...env, ...allocatorSettings };
}

/** `env` without what keeps a process from starting again (a process started with it restarts on glibc). */
export function withoutAllocatorSettings(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !setsAllocator(name)));
}

/** Whether this process runs on glibc (the one C library whose allocator these settings are for). */
export function isGlibc(): boolean {
  const report = process.report as typeof process.report & { excludeNetwork?: boolean };
  // the report's network part is not needed (and may look names up); the setting is the process's,
  // so it is put back after
  const excluded = report.excludeNetwork;
  report.excludeNetwork = true;
  try {
    const header = (report.getReport() as { header?: { glibcVersionRuntime?: string } }).header;
    return typeof header?.glibcVersionRuntime === "string";
  } finally {
    report.excludeNetwork = excluded;
  }
}

/** Starts the process again with the allocator's settings where `allocatorRestart` says so; else returns. */
export function restartForAllocator(): void {
  // a parent talking to this process over IPC (`node --watch`, a process manager's fork) would lose
  // the channel: such a process goes on as it was started
  if (process.channel) return;
  const execve = process.execve;
  const restart = execve ? allocatorRestart(process.env, process.platform, isGlibc()) : null;
  if (execve && restart) {
    execve(process.execPath, [process.execPath, ...process.execArgv, ...process.argv.slice(1)], restart);
  }
}
