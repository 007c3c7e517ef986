import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { isGlibc, withoutAllocatorSettings } from "./lib/allocator.ts";

const main = fileURLToPath(new URL("./main.ts", import.meta.url));

/**
 * `node main.ts` under a module hook that names every module each image of the process loads, the one
 * the allocator's restart replaces ("replaced") and the one it starts ("serving"). It is given a
 * configuration production refuses, so the server stops at its configuration check (exit 78).
 */
function loads(env: NodeJS.ProcessEnv) {
  const dir = mkdtempSync(join(tmpdir(), "davmu-main-"));
  const hook = join(dir, "hook.mjs");
  writeFileSync(
    hook,
    `import { registerHooks } from "node:module";
import { writeSync } from "node:fs";
const image = process.env.MALLOC_ARENA_MAX ? "serving" : "replaced";
registerHooks({
  load(url, context, next) {
    if (url.startsWith("file:")) writeSync(2, "LOADED " + image + " " + url + "\\n");
    return next(url, context);
  },
});
`,
  );
  try {
    const child = spawnSync(process.execPath, ["--import", hook, main], {
      env: { ...env, NODE_ENV: "production", NODE_COMPILE_CACHE: join(dir, "cache") },
      encoding: "utf8",
      // within the test's own bound, so a start that hangs fails here with what it said
      timeout: 25_000,
    });
    const lines = child.stderr.split("\n").filter((line) => line.startsWith("LOADED "));
    const of = (image: string) =>
      lines
        .filter((line) => line.startsWith(`LOADED ${image} `))
        .map((line) => line.slice(`LOADED ${image} `.length).replace(/^.*\/apps\/api\/src\//, ""));
    const said = child.stderr.split("\n").filter((line) => line !== "" && !line.startsWith("LOADED "));
    return { status: child.status, said, replaced: of("replaced"), serving: of("serving") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

describe("the server's entry", () => {
  it.runIf(process.platform === "linux" && isGlibc())(
    "R-REL-5 R-SRV-7 the process the allocator's restart replaces loads only the entry and the allocator's module; the server is loaded once, after",
    () => {
      const { HASHID_SALT: _salt, ...env } = withoutAllocatorSettings(process.env);
      const started = loads(env);
      // production without its secrets stops at the configuration check, with the variable named
      expect(started.status, started.said.join("\n")).toBe(78);
      // its last word (Node may warn before it)
      expect(JSON.parse(started.said.at(-1) ?? "null")).toMatchObject({ level: "fatal", variable: "HASHID_SALT" });
      expect(started.replaced.filter((url) => url.endsWith(".ts")).sort()).toEqual(["lib/allocator.ts", "main.ts"]);
      expect(started.serving).toContain("serve.ts");
      expect(started.serving).toContain("app.ts");
    },
    30_000,
  );
});
