import { spawnSync } from "node:child_process";
import { baselineEnv, node, productionOnly, refuseDevelopment, root } from "@davmu/test-support/product";
import { describe, expect, it } from "vitest";

/** Runs a measured process as the bench would, with the environment given (nothing inherited). */
const run = (args: string[], env: Record<string, string>) =>
  spawnSync(node, args, { cwd: root, env: { PATH: process.env.PATH ?? "", ...env }, encoding: "utf8", timeout: 60000 });

describe("the bench measures every process in production mode", () => {
  it("refuses to start a baseline whose environment is not production's", () => {
    expect(() => refuseDevelopment("the bare render", {})).toThrow(/NODE_ENV=\(unset\).*production mode/);
    expect(() => refuseDevelopment("the bare render", { NODE_ENV: "development" })).toThrow(/NODE_ENV=development/);
    expect(() => refuseDevelopment("the bare render", baselineEnv({}))).not.toThrow();
  });

  it("a baseline started in development mode stops at once with exit code 2 and says why", () => {
    for (const env of [{}, { NODE_ENV: "development" }] as Record<string, string>[]) {
      const bare = run(["bench/bare-render.ts", "http://127.0.0.1:9/", "1"], env);
      expect(bare.status).toBe(2);
      expect(bare.stderr).toMatch(/bare render: NODE_ENV is (unset|development); .*production mode only/);
      const hello = run(["bench/hello-world.ts"], { ...env, PORT: "9" });
      expect(hello.status).toBe(2);
      expect(hello.stderr).toMatch(/hello-world: NODE_ENV is .*production mode only/);
      const inline = run(["--input-type=module", "-e", `${productionOnly}\nconsole.log("measured");`], env);
      expect(inline.status).toBe(2);
      expect(inline.stdout).toBe("");
    }
    const inline = run(["--input-type=module", "-e", `${productionOnly}\nconsole.log("measured");`], baselineEnv({}));
    expect([inline.status, inline.stdout.trim()]).toEqual([0, "measured"]);
    // seven Node processes, one after another: on two cores beside the browser suite, more than Vitest's
    // default five seconds
  }, 30_000);
});
