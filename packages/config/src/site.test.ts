import { describe, expect, it } from "vitest";
import { loadConfig } from "./api.ts";
import { ConfigError } from "./read.ts";
import { developmentHashidSalt } from "./schema.ts";
import { browserFields, loadSiteConfig, publicConfig } from "./site.ts";

describe("loadSiteConfig (the site's settings through the same schema)", () => {
  it("R-SRV-7 defaults: the API on loopback in the same process, the browser on the page's own origin", () => {
    expect(loadSiteConfig({})).toEqual({
      apiBase: "http://127.0.0.1:3000",
      apiBaseIsOwn: true,
      publicApiBase: "",
      hashidSalt: developmentHashidSalt,
      hashidMinLength: 8,
      linkFrameOrigins: [],
      statBase: "",
    });
    expect(loadSiteConfig({ PORT: "4100" }).apiBase).toBe("http://127.0.0.1:4100");
    expect(loadSiteConfig({ PORT: "0" }).apiBase).toBe("http://127.0.0.1:3000");
  });

  it("R-SRV-7 the site reads the values the API reads, normalised alike", () => {
    const env = {
      API_BASE: "http://api.internal:3000/",
      PUBLIC_API_BASE: "https://api.example.com/",
      HASHID_SALT: "shared-salt",
      HASHID_MIN_LENGTH: "10",
      LINK_FRAME_ORIGINS: "https://H5.example.com",
    };
    const site = loadSiteConfig(env);
    const api = loadConfig(env);
    expect(site).toEqual({
      apiBase: "http://api.internal:3000",
      apiBaseIsOwn: false,
      publicApiBase: "https://api.example.com",
      hashidSalt: "shared-salt",
      hashidMinLength: 10,
      linkFrameOrigins: ["https://h5.example.com"],
      statBase: "",
    });
    expect([api.publicApiBase, api.hashidSalt, api.hashidMinLength, api.linkFrameOrigins]).toEqual([
      site.publicApiBase,
      site.hashidSalt,
      site.hashidMinLength,
      site.linkFrameOrigins,
    ]);
  });

  it.each([
    ["HASHID_SALT unset", { NODE_ENV: "production", SERVE_API: "false", API_BASE: "http://api:3000" }, "HASHID_SALT"],
    [
      "HASHID_SALT the development salt",
      { NODE_ENV: "production", SERVE_API: "false", API_BASE: "http://api:3000", HASHID_SALT: developmentHashidSalt },
      "HASHID_SALT",
    ],
    ["no API_BASE while SERVE_API=false", { SERVE_API: "false" }, "API_BASE"],
    ["a bad HASHID_MIN_LENGTH", { HASHID_MIN_LENGTH: "40" }, "HASHID_MIN_LENGTH"],
    ["a bad PUBLIC_API_BASE", { PUBLIC_API_BASE: "api.example.com" }, "PUBLIC_API_BASE"],
    ["an http frame origin", { LINK_FRAME_ORIGINS: "http://h5.example.com" }, "LINK_FRAME_ORIGINS"],
  ])("R-SRV-7 the site refuses %s, as the API does", (_case, env, variable) => {
    expect(() => loadSiteConfig(env)).toThrow(ConfigError);
    expect(() => loadSiteConfig(env)).toThrow(`Invalid environment variable ${variable}: expected `);
    expect(() => loadConfig(env)).toThrow(`Invalid environment variable ${variable}: expected `);
  });

  it("R-SRV-7 the combined process in production holds the site to the API's secrets too", () => {
    // SERVE_API on (the default): the same process serves the API, so its secrets are checked here as well
    expect(() => loadSiteConfig({ NODE_ENV: "production", HASHID_SALT: "a-production-salt" })).toThrow(/OTP_SECRET/);
  });
});

describe("publicConfig (what reaches the browser)", () => {
  it("R-SRV-7 only the variables the schema marks for the browser: PUBLIC_API_BASE, LINK_FRAME_ORIGINS and PUBLIC_STAT_BASE", () => {
    expect([...browserFields].sort()).toEqual(["linkFrameOrigins", "publicApiBase", "statBase"]);
    const env = {
      HASHID_SALT: "never-in-a-page",
      OTP_SECRET: "never-in-a-page-either-0123456789",
      PUBLIC_API_BASE: "https://api.example.com",
      LINK_FRAME_ORIGINS: "https://h5.example.com",
    };
    const expected = {
      publicApiBase: "https://api.example.com",
      linkFrameOrigins: ["https://h5.example.com"],
      statBase: "",
    };
    expect(publicConfig(loadSiteConfig(env))).toEqual(expected);
    expect(publicConfig(loadConfig(env))).toEqual(expected);
    expect(JSON.stringify(publicConfig(loadConfig(env)))).not.toContain("never-in-a-page");
  });

  it("R-SRV-7 the browser's copy is its own: changing it leaves the server's untouched", () => {
    const site = loadSiteConfig({ LINK_FRAME_ORIGINS: "https://h5.example.com" });
    publicConfig(site).linkFrameOrigins.push("https://evil.example.com");
    expect(site.linkFrameOrigins).toEqual(["https://h5.example.com"]);
  });
});
