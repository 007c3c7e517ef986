import { describe, expect, it } from "vitest";
import { loadConfig } from "./api.ts";
import { ConfigError, type Env } from "./read.ts";
import { developmentHashidSalt, developmentOtpSecret } from "./schema.ts";

const production = {
  NODE_ENV: "production",
  HASHID_SALT: "a-production-salt",
  OTP_SECRET: "a-production-secret-of-32-characters!",
  SMS_TRANSPORT: "aliyun",
  SMS_ACCESS_KEY_ID: "key-id",
  SMS_ACCESS_KEY_SECRET: "key-secret",
  SMS_SIGN_NAME: "江澜新闻",
  SMS_TEMPLATE_CODE: "SMS_000001",
};

/** The ConfigError a start with this environment stops on. */
function refusal(env: Env): ConfigError {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error;
    throw error;
  }
  throw new Error("the configuration was accepted");
}

describe("loadConfig (the API's configuration through the schema)", () => {
  it("R-SRV-7 defaults are those of the README's configuration table", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      env: "development",
      host: "127.0.0.1",
      port: 3000,
      logLevel: "info",
      hashidSalt: developmentHashidSalt,
      hashidMinLength: 8,
      publicOrigin: "http://localhost:3000",
      siteActor: "news",
      anonymousTokenTtlDays: 30,
      userTokenTtlDays: 30,
      serveApi: true,
      serveWeb: true,
      shutdownTimeoutMs: 10000,
      shutdownDelayMs: 0,
      otpSecret: developmentOtpSecret,
      sms: { transport: "dev" },
      editorApiKey: null,
      limits: {
        otpPerPhonePerDay: 10,
        otpPerIpPerHour: 20,
        otpPerDevicePerDay: 10,
        loginPerIpPerMinute: 30,
        commentsPerUserPerMinute: 5,
        commentsPerIpPerMinute: 30,
      },
      publicApiBase: "",
      linkFrameOrigins: [],
      statBase: "",
      tracking: {
        retentionDays: 90,
        perDevicePerMinute: 600,
        bufferSize: 500,
        flushMs: 1000,
        journalDir: expect.stringMatching(/\/data\/tracking-journal$/),
        editorSessionTtlSeconds: 28800,
      },
    });
    expect(config.database.dialect === "sqlite" && config.database.path).toMatch(/\/data\/davmu\.db$/);
    expect(config.webBuildDir).toMatch(/\/apps\/web\/build$/);
    expect(config.mediaDir).toMatch(/\/apps\/api\/demo-media$/);
    expect(loadConfig({ NODE_ENV: "test" }).logLevel).toBe("warn");
    expect(loadConfig({ PORT: "8080" }).publicOrigin).toBe("http://localhost:8080");
  });

  it("R-SRV-7 values are decoded by their kind and normalised", () => {
    const config = loadConfig({
      PORT: " 8080 ",
      SERVE_WEB: "off",
      SERVE_API: "YES",
      PUBLIC_ORIGIN: "https://share.example.com//",
      PUBLIC_API_BASE: "https://api.example.com/",
      LINK_FRAME_ORIGINS: " https://H5.example.com, ,https://live.example.com:8443 ",
      DATABASE_URL: "sqlite::memory:",
      EDITOR_API_KEY: "an-editor-key-of-24-chars",
    });
    expect(config.port).toBe(8080);
    expect(config.serveWeb).toBe(false);
    expect(config.serveApi).toBe(true);
    expect(config.publicOrigin).toBe("https://share.example.com");
    expect(config.publicApiBase).toBe("https://api.example.com");
    expect(config.linkFrameOrigins).toEqual(["https://h5.example.com", "https://live.example.com:8443"]);
    expect(config.database).toEqual({ dialect: "sqlite", path: ":memory:" });
    expect(config.editorApiKey).toBe("an-editor-key-of-24-chars");
    // an empty variable is an unset one
    expect(loadConfig({ PORT: "", HOST: "" })).toMatchObject({ port: 3000, host: "127.0.0.1" });
  });

  it("R-SRV-7 a development or test server listens on loopback; production on every interface; HOST says otherwise", () => {
    expect(loadConfig({}).host).toBe("127.0.0.1");
    expect(loadConfig({ NODE_ENV: "test" }).host).toBe("127.0.0.1");
    expect(loadConfig(production).host).toBe("0.0.0.0");
    expect(loadConfig({ HOST: "0.0.0.0" }).host).toBe("0.0.0.0");
    expect(loadConfig({ ...production, HOST: "10.0.0.5" }).host).toBe("10.0.0.5");
  });

  it.each([
    ["PORT", "abc", "an integer from 0 to 65535"],
    ["PORT", "70000", "an integer from 0 to 65535"],
    ["HASHID_MIN_LENGTH", "1.5", "an integer from 0 to 32"],
    ["PG_POOL_MAX", "0", "an integer from 1 to 200"],
    ["WEB_RENDER_SLOTS", "0", "an integer from 1 to 1000"],
    ["WEB_RENDER_SLOTS", "many", "an integer from 1 to 1000"],
    ["WEB_RENDER_WAIT_MS", "5", "an integer from 100 to 60000"],
    ["SERVE_WEB", "maybe", "true or false"],
    ["NODE_ENV", "staging", "one of development, production, test"],
    ["LOG_LEVEL", "loud", "one of fatal, error, warn, info, debug, trace, silent"],
    ["SMS_TRANSPORT", "carrier-pigeon", "one of dev, aliyun"],
    ["DATABASE_URL", "mysql://x", "postgres://… or sqlite:<file>"],
    ["DATABASE_URL", "sqlite:", "sqlite:<file> or sqlite::memory:"],
    ["DATABASE_URL", "postgres://a b", "a postgres://user:pass@host:port/db URL"],
    ["PUBLIC_ORIGIN", "share.example.com", "an absolute http(s) URL"],
    ["PUBLIC_ORIGIN", "ftp://share.example.com", "an absolute http(s) URL"],
    ["API_BASE", "localhost:3000", "an absolute http(s) URL"],
    ["PUBLIC_API_BASE", "/api", "an absolute http(s) URL"],
  ])("R-SRV-7 a bad %s (%s) fails fast naming the variable and what it expects", (name, value, expected) => {
    const error = refusal({ [name]: value });
    expect(error.variable).toBe(name);
    expect(error.message).toBe(
      `Invalid environment variable ${name}: expected ${expected}, got ${JSON.stringify(value)}`,
    );
  });

  it("R-SRV-7 a bad item of a list is the one the message shows", () => {
    const error = refusal({ LINK_FRAME_ORIGINS: "https://h5.example.com,http://plain.example.com" });
    expect(error.variable).toBe("LINK_FRAME_ORIGINS");
    expect(error.message).toBe(
      'Invalid environment variable LINK_FRAME_ORIGINS: expected comma-separated https origins such as https://h5.example.com, got "http://plain.example.com"',
    );
  });

  it("R-SRV-7 secrets are never echoed in a message", () => {
    const key = refusal({ EDITOR_API_KEY: "short-key" });
    expect(key.variable).toBe("EDITOR_API_KEY");
    expect(key.message).toContain("expected at least 24 characters");
    expect(key.message).not.toContain("short-key");
    const otp = refusal({ ...production, OTP_SECRET: "too-short-secret" });
    expect(otp.variable).toBe("OTP_SECRET");
    expect(otp.message).not.toContain("too-short-secret");
  });

  it("R-SRV-7 R-CONSOLE-1 editors' password cost: 15 unless set, 10 to 20, and never under 15 in production", () => {
    expect(loadConfig({}).editorPasswordCost).toBe(15);
    expect(loadConfig(production).editorPasswordCost).toBe(15);
    expect(loadConfig({ ...production, EDITOR_PASSWORD_COST: "17" }).editorPasswordCost).toBe(17);
    // the test suites' cheaper hashes, refused in production
    expect(loadConfig({ NODE_ENV: "test", EDITOR_PASSWORD_COST: "10" }).editorPasswordCost).toBe(10);
    const weak = refusal({ ...production, EDITOR_PASSWORD_COST: "14" });
    expect(weak.variable).toBe("EDITOR_PASSWORD_COST");
    expect(weak.message).toContain("expected at least 15 (scrypt N = 2^15) in production");
    for (const bad of ["9", "21", "15.5", "fifteen", "-15"]) {
      expect(refusal({ EDITOR_PASSWORD_COST: bad }).variable, bad).toBe("EDITOR_PASSWORD_COST");
    }
  });

  it("R-SRV-7 production refuses the development hashid salt: unset, empty or given", () => {
    const { HASHID_SALT: _salt, ...withoutSalt } = production;
    for (const env of [
      withoutSalt,
      { ...production, HASHID_SALT: "" },
      { ...production, HASHID_SALT: developmentHashidSalt },
    ]) {
      const error = refusal(env);
      expect(error.variable).toBe("HASHID_SALT");
      expect(error.message).toContain("expected a secret salt in production");
      expect(error.message).not.toContain(developmentHashidSalt);
    }
    expect(loadConfig({ ...production, HASHID_SALT: "s3cret" }).hashidSalt).toBe("s3cret");
    // outside production the development salt is the default
    expect(loadConfig({ NODE_ENV: "test" }).hashidSalt).toBe(developmentHashidSalt);
  });

  it("R-SRV-7 R-SEC-OTP-3 production refuses a missing, short or development OTP secret and the development SMS transport", () => {
    const { OTP_SECRET: _secret, ...withoutSecret } = production;
    expect(refusal(withoutSecret).variable).toBe("OTP_SECRET");
    expect(refusal({ ...production, OTP_SECRET: "x".repeat(31) }).variable).toBe("OTP_SECRET");
    expect(refusal({ ...production, OTP_SECRET: developmentOtpSecret }).variable).toBe("OTP_SECRET");
    expect(refusal({ ...production, SMS_TRANSPORT: "dev" }).message).toBe(
      'Invalid environment variable SMS_TRANSPORT: expected a real SMS provider (aliyun) in production, got "dev"',
    );
    const { SMS_TRANSPORT: _transport, ...withoutTransport } = production;
    expect(refusal(withoutTransport).variable).toBe("SMS_TRANSPORT");
    expect(loadConfig({ ...production, OTP_SECRET: "x".repeat(32) }).otpSecret).toBe("x".repeat(32));
  });

  it("R-SEC-OTP-3 the Alibaba Cloud transport needs its four settings, in any environment", () => {
    const { SMS_SIGN_NAME: _sign, ...withoutSign } = production;
    expect(refusal(withoutSign).message).toBe(
      'Invalid environment variable SMS_SIGN_NAME: expected a value when SMS_TRANSPORT=aliyun, got ""',
    );
    expect(refusal({ SMS_TRANSPORT: "aliyun" }).variable).toBe("SMS_ACCESS_KEY_ID");
    expect(loadConfig({ ...production, SMS_ENDPOINT: "https://sms.example.com/" }).sms).toEqual({
      transport: "aliyun",
      endpoint: "https://sms.example.com",
      accessKeyId: "key-id",
      accessKeySecret: "key-secret",
      signName: "江澜新闻",
      templateCode: "SMS_000001",
      timeoutMs: 5000,
    });
  });

  it("R-SRV-7 a site-only process needs API_BASE and none of the API's production secrets", () => {
    const siteOnly = { NODE_ENV: "production", HASHID_SALT: "a-production-salt", SERVE_API: "false" };
    expect(refusal(siteOnly).message).toBe(
      'Invalid environment variable API_BASE: expected a value when SERVE_API=false, got ""',
    );
    const config = loadConfig({ ...siteOnly, API_BASE: "http://api.internal:3000" });
    expect(config).toMatchObject({ serveApi: false, serveWeb: true, sms: { transport: "dev" } });
    // the salt is the site's too
    expect(
      refusal({ ...siteOnly, API_BASE: "http://api.internal:3000", HASHID_SALT: developmentHashidSalt }).variable,
    ).toBe("HASHID_SALT");
  });

  it("R-SRV-7 pages rendered at once: 16 beside the API, 64 for a site that calls it over the network, or as set", () => {
    expect(loadConfig({}).webRender).toEqual({ slots: 16, waitMs: 10000 });
    expect(loadConfig({ SERVE_API: "false", API_BASE: "http://api.internal:3000" }).webRender.slots).toBe(64);
    expect(loadConfig({ WEB_RENDER_SLOTS: "4", WEB_RENDER_WAIT_MS: "2500" }).webRender).toEqual({
      slots: 4,
      waitMs: 2500,
    });
  });

  it("R-SRV-7 an API-only process needs no API_BASE, and still every production secret", () => {
    expect(loadConfig({ ...production, SERVE_WEB: "false" }).serveWeb).toBe(false);
    const { HASHID_SALT: _salt, ...withoutSalt } = production;
    expect(refusal({ ...withoutSalt, SERVE_WEB: "false" }).variable).toBe("HASHID_SALT");
    expect(refusal({ ...production, SERVE_WEB: "false", SMS_TRANSPORT: "dev" }).variable).toBe("SMS_TRANSPORT");
  });

  it("R-SRV-1 a postgres:// DATABASE_URL selects PostgreSQL with its pool settings", () => {
    const config = loadConfig({ DATABASE_URL: "postgresql://app:secret@db:5432/share", PG_POOL_MAX: "4" });
    expect(config.database).toEqual({
      dialect: "postgres",
      url: "postgresql://app:secret@db:5432/share",
      poolMax: 4,
      connectTimeoutMs: 5000,
    });
  });
});
