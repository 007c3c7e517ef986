import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { envSchema, variables } from "./schema.ts";

/** The README's configuration table: variable name → its Default cell. */
function readmeTable(): Map<string, string> {
  const readme = readFileSync(new URL("../../../README.md", import.meta.url), "utf8");
  const section = readme.slice(readme.indexOf("## Configuration"), readme.indexOf("Test-only:"));
  const rows = new Map<string, string>();
  for (const match of section.matchAll(/^\|\s*`([A-Z0-9_]+)`\s*\|([^|]*)\|/gm)) {
    rows.set(match[1] as string, (match[2] as string).trim());
  }
  return rows;
}

describe("the configuration schema", () => {
  it("R-SRV-7 the README's configuration table names every variable of the schema, and only those", () => {
    expect([...readmeTable().keys()].sort()).toEqual(Object.keys(envSchema.properties).sort());
  });

  it("R-SRV-7 a default the README writes as one value is the schema's default", () => {
    const table = readmeTable();
    const compared: string[] = [];
    for (const [name, schema] of variables()) {
      const cell = /^`([^`]*)`$/.exec(table.get(name) ?? "");
      if (!cell || schema.default === undefined) continue;
      expect(`${name}=${cell[1]}`).toBe(`${name}=${String(schema.default)}`);
      compared.push(name);
    }
    expect(compared).toEqual(
      expect.arrayContaining(["NODE_ENV", "PORT", "DATABASE_URL", "SERVE_API", "OTP_PER_IP_PER_HOUR"]),
    );
  });

  it("R-SRV-7 every variable says which part reads it, and secrets never reach the browser", () => {
    for (const [name, schema] of variables()) {
      expect(["api", "site", "both"], name).toContain(schema.part);
      if (schema.secret) expect(schema.browser, name).toBeUndefined();
    }
  });
});

describe("the configuration package", () => {
  it("R-SRV-7 imports nothing from the apps: both read it, neither owns it", () => {
    const folder = new URL("./", import.meta.url);
    for (const name of readdirSync(folder).filter((file) => file.endsWith(".ts"))) {
      const source = readFileSync(new URL(name, folder), "utf8");
      const imported = [...source.matchAll(/\bfrom\s*["']([^"']+)["']/g)].map((match) => match[1] as string);
      expect(
        imported.filter((specifier) => /(^|\/)apps\/|^@davmu\/(api|web)\b/.test(specifier)),
        name,
      ).toEqual([]);
    }
  });
});
