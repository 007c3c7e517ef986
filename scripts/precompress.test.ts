import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterEach, describe, expect, it } from "vitest";
import { minimumBytes, precompress } from "./precompress.ts";

describe("the build's compressed twins (decision 102)", () => {
  let dir = "";
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("R-SITE-1 a script or style over 1 KiB gets a brotli and a gzip twin that decode to it; small, incompressible and other files get none", async () => {
    dir = mkdtempSync(join(tmpdir(), "davmu-precompress-"));
    mkdirSync(join(dir, "assets"));
    const script = Buffer.from(`export const lines = [${'"江澜新闻 line",'.repeat(400)}];\n`);
    writeFileSync(join(dir, "assets", "entry-AbC123.js"), script);
    writeFileSync(join(dir, "assets", "tiny.js"), "export{};".repeat(10));
    // random bytes do not shrink: a twin would only cost the reader a decode
    writeFileSync(join(dir, "assets", "noise.css"), randomBytes(4096));
    writeFileSync(join(dir, "cover.jpg"), script);
    // a twin left from an earlier build of a file that no longer earns one goes
    writeFileSync(join(dir, "assets", "tiny.js.br"), "stale");

    const twins = await precompress([dir]);

    const entry = join(dir, "assets", "entry-AbC123.js");
    expect(brotliDecompressSync(readFileSync(`${entry}.br`)).equals(script)).toBe(true);
    expect(gunzipSync(readFileSync(`${entry}.gz`)).equals(script)).toBe(true);
    expect(readFileSync(`${entry}.br`).length).toBeLessThan(script.length / 5);
    expect(existsSync(join(dir, "assets", "tiny.js.br"))).toBe(false);
    expect(existsSync(join(dir, "assets", "noise.css.br"))).toBe(false);
    expect(existsSync(join(dir, "cover.jpg.br"))).toBe(false);
    expect(twins.map((t) => t.file.slice(dir.length)).sort()).toEqual([
      "/assets/entry-AbC123.js",
      "/assets/noise.css",
      "/assets/tiny.js",
    ]);
    expect(minimumBytes).toBe(1024);

    // run again (a second build over the same folder): the same twins, none of them compressed twice
    await precompress([dir]);
    expect(brotliDecompressSync(readFileSync(`${entry}.br`)).equals(script)).toBe(true);
    expect(existsSync(`${entry}.br.br`)).toBe(false);
  });
});
