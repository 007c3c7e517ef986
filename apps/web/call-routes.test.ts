import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { calls } from "@davmu/contracts/calls";
import { describe, expect, it } from "vitest";
import { callRoutes, callsNamedBy } from "./call-routes.ts";

const callsModule = fileURLToPath(new URL("../../packages/contracts/src/calls.ts", import.meta.url));

type Table = Record<string, { method: string; path: string; access: string; requestId?: false }>;

async function browserTable(sourceDir?: string): Promise<{ code: string; table: Table }> {
  const plugin = callRoutes(sourceDir ? { sourceDir } : {});
  const load = plugin.load as (id: string) => Promise<string | null>;
  const code = await load.call({}, callsModule);
  if (code === null) throw new Error("the plugin left the calls module alone");
  const table = JSON.parse(code.replace(/^export const calls = /, "").replace(/;\s*$/, "")) as Table;
  return { code, table };
}

describe("the browser's route table of the calls", () => {
  it("R-SRV-8 holds the calls the site's browser code names, each with its declared method, path and access, and no schema", async () => {
    const { code, table } = await browserTable();
    expect(code).not.toContain("~kind");
    for (const [name, route] of Object.entries(table)) {
      const call = calls[name as keyof typeof calls];
      expect(call, name).toBeDefined();
      const declared = { method: call.method, path: call.path, access: call.access };
      expect(route, name).toEqual(call.requestId === false ? { ...declared, requestId: false } : declared);
    }
    // calls the browser makes, by property and by a name chosen at run time (CommentFooter)
    for (const name of ["auth", "vcode", "trackerLog", "submitTip", "postComment", "postMpComment", "collectMp"]) {
      expect(table[name], name).toBeDefined();
    }
    // the editors' calls never ship to visitors' browsers
    const editorCalls = Object.entries(calls).filter(([, call]) => call.access === "editor");
    expect(editorCalls.length).toBeGreaterThan(5);
    for (const [name] of editorCalls) expect(table[name], name).toBeUndefined();
  });

  it("R-SRV-8 a call is in the table when a browser module names it, never for tests or server modules", async () => {
    const dir = mkdtempSync(join(tmpdir(), "davmu-call-routes-"));
    try {
      mkdirSync(join(dir, "lib"));
      writeFileSync(join(dir, "lib", "a.ts"), "export const go = (client) => client.vcode({});\n");
      writeFileSync(join(dir, "b.tsx"), 'export const pick = (mp) => (mp ? "collectMp" : "collect");\n');
      writeFileSync(join(dir, "lib", "c.server.ts"), "export const s = (api) => api.editorStats();\n");
      writeFileSync(join(dir, "lib", "a.test.ts"), "client.logout();\n");
      const { table } = await browserTable(dir);
      expect(Object.keys(table).sort()).toEqual(["collect", "collectMp", "vcode"]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    expect([...callsNamedBy(["client.auth(); const x = 'star';", "startMp"], ["auth", "star", "starMp"])]).toEqual([
      "auth",
      "star",
    ]);
  });

  it("R-SRV-8 other modules are left to the build", async () => {
    const load = callRoutes().load as (id: string) => Promise<string | null>;
    expect(await load.call({}, fileURLToPath(new URL("./vite.config.ts", import.meta.url)))).toBeNull();
  });
});
