import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

const production = {
  NODE_ENV: "production",
  HASHID_SALT: "salt",
  OTP_SECRET: "a-production-secret-of-32-characters!",
  SMS_TRANSPORT: "aliyun",
  SMS_ACCESS_KEY_ID: "key-id",
  SMS_ACCESS_KEY_SECRET: "key-secret",
  SMS_SIGN_NAME: "江澜新闻",
  SMS_TEMPLATE_CODE: "SMS_000001",
};

describe("loadConfig", () => {
  it("R-SRV-7 defaults run the embedded product: SQLite file under data/, port 3000", () => {
    const config = loadConfig({});
    expect(config.port).toBe(3000);
    expect(config.database.dialect).toBe("sqlite");
    expect(config.database.dialect === "sqlite" && config.database.path).toMatch(/data\/davmu\.db$/);
    expect(config.publicOrigin).toBe("http://localhost:3000");
    expect(config.serveApi && config.serveWeb).toBe(true);
  });

  it("R-SRV-1 a postgres:// DATABASE_URL selects PostgreSQL", () => {
    const config = loadConfig({ DATABASE_URL: "postgres://app:secret@db:5432/share", PG_POOL_MAX: "4" });
    expect(config.database).toMatchObject({
      dialect: "postgres",
      url: "postgres://app:secret@db:5432/share",
      poolMax: 4,
    });
  });

  it.each([
    ["PORT", "abc"],
    ["PORT", "70000"],
    ["DATABASE_URL", "mysql://x"],
    ["DATABASE_URL", "sqlite:"],
    ["LOG_LEVEL", "loud"],
    ["SERVE_WEB", "maybe"],
    ["PUBLIC_ORIGIN", "share.example.com"],
    ["PUBLIC_ORIGIN", "ftp://share.example.com"],
    ["HASHID_MIN_LENGTH", "1.5"],
    ["NODE_ENV", "staging"],
  ])("R-SRV-7 a bad %s (%s) fails fast naming the variable", (name, value) => {
    let thrown: unknown;
    try {
      loadConfig({ [name]: value });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(ConfigError);
    expect((thrown as ConfigError).variable).toBe(name);
    expect((thrown as ConfigError).message).toContain(`Invalid environment variable ${name}`);
    expect((thrown as ConfigError).message).toContain(JSON.stringify(value));
  });

  it("R-SRV-7 production refuses to run on the development hashid salt", () => {
    const { HASHID_SALT: _salt, ...withoutSalt } = production;
    expect(() => loadConfig(withoutSalt)).toThrow(/HASHID_SALT/);
    expect(() => loadConfig({ ...production, HASHID_SALT: "davmu-share-development-salt" })).toThrow(/HASHID_SALT/);
    expect(loadConfig({ ...production, HASHID_SALT: "s3cret" }).hashidSalt).toBe("s3cret");
  });

  it("R-SEC-OTP-3 production refuses the development SMS transport and a missing OTP secret", () => {
    const { OTP_SECRET: _secret, ...withoutSecret } = production;
    expect(() => loadConfig(withoutSecret)).toThrow(/OTP_SECRET/);
    expect(() => loadConfig({ ...production, SMS_TRANSPORT: "dev" })).toThrow(/SMS_TRANSPORT/);
    const { SMS_SIGN_NAME: _sign, ...withoutSign } = production;
    expect(() => loadConfig(withoutSign)).toThrow(/SMS_SIGN_NAME/);
    const config = loadConfig(production);
    expect(config.sms).toMatchObject({ transport: "aliyun", endpoint: "https://dysmsapi.aliyuncs.com" });
  });

  it("R-SEC-OTP-3 the development transport is the default outside production", () => {
    expect(loadConfig({}).sms).toEqual({ transport: "dev" });
    expect(() => loadConfig({ EDITOR_API_KEY: "short" })).toThrow(/EDITOR_API_KEY/);
  });
});
