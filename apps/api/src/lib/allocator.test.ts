import { spawn, spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { allocatorRestart, allocatorSettings, isGlibc, withoutAllocatorSettings } from "./allocator.ts";

const allocator = fileURLToPath(new URL("./allocator.ts", import.meta.url));

/** A Node script that does what `main.ts` does first, then says its pid, arguments and what glibc was given. */
async function probe(env: NodeJS.ProcessEnv, ipc = false) {
  const dir = mkdtempSync(join(tmpdir(), "davmu-allocator-"));
  const script = join(dir, "probe.mjs");
  writeFileSync(
    script,
    `(await import(${JSON.stringify(allocator)})).restartForAllocator();\n` +
      "console.log(JSON.stringify({ pid: process.pid, arena: process.env.MALLOC_ARENA_MAX ?? null, " +
      "threshold: process.env.MALLOC_MMAP_THRESHOLD_ ?? null, trim: process.env.MALLOC_TRIM_THRESHOLD_ ?? null, " +
      "argv: process.argv.slice(2) }));\n",
  );
  try {
    if (!ipc) {
      const child = spawnSync(process.execPath, [script, "one", "two"], { env, encoding: "utf8", timeout: 20_000 });
      expect(child.status, child.stderr).toBe(0);
      return { pid: child.pid, seen: JSON.parse(child.stdout.trim()) };
    }
    const child = spawn(process.execPath, [script, "one", "two"], { env, stdio: ["ignore", "pipe", "inherit", "ipc"] });
    let out = "";
    child.stdout?.on("data", (chunk: Buffer) => {
      out += chunk;
    });
    const code = await new Promise((resolve) => child.once("exit", resolve));
    expect(code).toBe(0);
    return { pid: child.pid, seen: JSON.parse(out.trim()) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("allocator settings", () => {
  it.runIf(process.platform === "linux" && isGlibc())(
    "R-REL-5 on glibc the process starts again with two arenas, a fixed mmap threshold and trim threshold, keeping its pid and arguments",
    async () => {
      const env = withoutAllocatorSettings(process.env);
      const { pid, seen } = await probe(env);
      expect(seen).toEqual({ pid, arena: "2", threshold: "1048576", trim: "4194304", argv: ["one", "two"] });
      // with an IPC channel to its parent it goes on as started
      const forked = await probe(env, true);
      expect(forked.seen).toEqual({ pid: forked.pid, arena: null, threshold: null, trim: null, argv: ["one", "two"] });
    },
    // two processes started and stopped: on a busy machine more than the unit files' 5 s
    30_000,
  );

  it("R-REL-5 a deployment's own allocator settings (any MALLOC_ variable, a preloaded allocator) are kept, and other systems are left alone", () => {
    expect(allocatorRestart({ PATH: "/bin" }, "linux", true)).toEqual({ PATH: "/bin", ...allocatorSettings });
    expect(allocatorRestart({ MALLOC_ARENA_MAX: "4" }, "linux", true)).toBeNull();
    expect(allocatorRestart({ LD_PRELOAD: "/usr/lib/x86_64-linux-gnu/libjemalloc.so.2" }, "linux", true)).toBeNull();
    expect(allocatorRestart({}, "linux", false)).toBeNull();
    expect(allocatorRestart({}, "darwin", false)).toBeNull();
  });
});
