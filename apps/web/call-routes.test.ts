import { fileURLToPath } from "node:url";
import { calls } from "@davmu/contracts/calls";
import { describe, expect, it } from "vitest";
import { callRoutes } from "./call-routes.ts";

const callsModule = fileURLToPath(new URL("../../packages/contracts/src/calls.ts", import.meta.url));

async function browserModule(): Promise<string> {
  const plugin = callRoutes();
  const load = plugin.load as (id: string) => Promise<string | null>;
  const code = await load.call({}, callsModule);
  if (code === null) throw new Error("the plugin left the calls module alone");
  return code;
}

describe("the browser's route table of the calls", () => {
  it("R-SRV-8 holds every declared call by name with its method, path and access, and no schema", async () => {
    const code = await browserModule();
    expect(code).not.toContain("~kind");
    const table = JSON.parse(code.replace(/^export const calls = /, "").replace(/;\s*$/, "")) as Record<
      string,
      { method: string; path: string; access: string; requestId?: false }
    >;
    expect(Object.keys(table).sort()).toEqual(Object.keys(calls).sort());
    for (const [name, call] of Object.entries(calls)) {
      const route = { method: call.method, path: call.path, access: call.access };
      expect(table[name], name).toEqual(call.requestId === false ? { ...route, requestId: false } : route);
    }
  });

  it("R-SRV-8 other modules are left to the build", async () => {
    const load = callRoutes().load as (id: string) => Promise<string | null>;
    expect(await load.call({}, fileURLToPath(new URL("./vite.config.ts", import.meta.url)))).toBeNull();
  });
});
