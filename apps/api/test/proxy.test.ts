import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/plugins/config.ts";
import { startTestServer, type TestServer } from "./helper.ts";

/** Sends one SMS code to each phone at once, each request naming its own address in X-Forwarded-For. */
async function codesWithForgedAddresses(server: TestServer, count: number, firstPhone: number) {
  const token = await server.anonymousToken();
  const answers = await Promise.all(
    Array.from({ length: count }, (_, i) =>
      server.get(`/peony/v1/vcode?tel=${firstPhone + i}&type=6`, token, {
        "x-forwarded-for": `203.0.113.${i % 250}, 198.51.100.${i % 250}`,
        "x-real-ip": `192.0.2.${i % 250}`,
      }),
    ),
  );
  return answers.map((answer) => ({ status: answer.status, retryAfter: answer.headers.get("retry-after") }));
}

describe("client addresses and proxies (no proxy trusted: the default)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      TRUST_PROXY: "",
      OTP_PER_IP_PER_HOUR: "20",
      LOGIN_PER_IP_PER_MINUTE: "3",
    });
  });
  afterAll(() => server.close());

  it("R-SEC-PROXY 100 SMS codes to 100 phones with forged X-Forwarded-For all count against one address: 20 sent, the other 80 refused", async () => {
    const answers = await codesWithForgedAddresses(server, 100, 13900000000);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(20);
    // the rest are refused by the limit, or, where the database could not be had in time on a busy
    // machine, answered 503 with Retry-After before anything was sent: never a code beyond the twenty
    const refused = answers.filter((a) => a.status !== 200);
    expect(refused.filter((a) => a.status === 429).length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect([429, 503]).toContain(answer.status);
      if (answer.status === 503) expect(Number(answer.retryAfter)).toBeGreaterThan(0);
    }
    const stored = await server.database.handle.db.selectFrom("otp_codes").select("ip").execute();
    expect(stored).toHaveLength(20);
    expect([...new Set(stored.map((row) => row.ip))]).toEqual(["127.0.0.1"]);
  });

  it("R-SEC-PROXY phone logins from one address stay limited whatever X-Forwarded-For says", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      const answer = await server.post(
        "/peony/v1/auth",
        { appid: 1, platform: "mobile", account: "13900009999", password: "guess" },
        null,
        { "x-forwarded-for": `203.0.113.${i + 1}` },
      );
      statuses.push(answer.status);
    }
    expect(statuses).toEqual([400, 400, 400, 429, 429]);
  });

  it("R-SEC-PROXY a forged X-Forwarded-Proto or X-Forwarded-Host is not believed", async () => {
    const answer = await server.get("/healthz", null, {
      "x-forwarded-proto": "https",
      "x-forwarded-host": "evil.example.com",
    });
    expect(answer.status).toBe(200);
  });
});

describe("client addresses behind a trusted proxy on this machine (TRUST_PROXY=127.0.0.1)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "127.0.0.1", OTP_PER_IP_PER_HOUR: "2" });
  });
  afterAll(() => server.close());

  const send = (tel: string, forwardedFor: string) =>
    server
      .anonymousToken()
      .then((token) => server.get(`/peony/v1/vcode?tel=${tel}&type=6`, token, { "x-forwarded-for": forwardedFor }));

  it("R-SEC-PROXY each client address the proxy names has its own cap", async () => {
    expect((await send("13910000001", "203.0.113.7")).status).toBe(200);
    expect((await send("13910000002", "203.0.113.7")).status).toBe(200);
    expect((await send("13910000003", "203.0.113.7")).status).toBe(429);
    expect((await send("13910000004", "203.0.113.8")).status).toBe(200);
    const rows = await server.database.handle.db.selectFrom("otp_codes").select("ip").orderBy("id").execute();
    expect(rows.map((row) => row.ip)).toEqual(["203.0.113.7", "203.0.113.7", "203.0.113.8"]);
  });

  it("R-SEC-PROXY addresses a client writes before the proxy's own entry are not believed", async () => {
    // the proxy appends the address it saw (198.51.100.4); what the client wrote before it is ignored
    expect((await send("13910000011", "10.0.0.1, 198.51.100.4")).status).toBe(200);
    expect((await send("13910000012", "10.0.0.2, 198.51.100.4")).status).toBe(200);
    expect((await send("13910000013", "10.0.0.3, 198.51.100.4")).status).toBe(429);
  });
});

describe("a hop count (TRUST_PROXY=1)", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "1", OTP_PER_IP_PER_HOUR: "1" });
  });
  afterAll(() => server.close());

  it("R-SEC-PROXY the address one hop in front is the client's", async () => {
    const token = await server.anonymousToken();
    const send = (tel: string, xff: string) =>
      server.get(`/peony/v1/vcode?tel=${tel}&type=6`, token, { "x-forwarded-for": xff });
    expect((await send("13920000001", "1.2.3.4, 198.51.100.9")).status).toBe(200);
    expect((await send("13920000002", "5.6.7.8, 198.51.100.9")).status).toBe(429);
    expect((await send("13920000003", "198.51.100.10")).status).toBe(200);
  });
});

describe("TRUST_PROXY is checked at start", () => {
  const load = (value: string) => loadConfig({ TRUST_PROXY: value });

  it("R-SEC-PROXY off by default; hop counts, addresses, CIDR ranges and named ranges are read", () => {
    expect(loadConfig({}).ops.trustProxy).toBe(false);
    expect(load("false").ops.trustProxy).toBe(false);
    expect(load("0").ops.trustProxy).toBe(false);
    expect(load("2").ops.trustProxy).toBe(2);
    expect(load("127.0.0.1, 10.0.0.0/8,::1, fd00::/8").ops.trustProxy).toEqual([
      "127.0.0.1",
      "10.0.0.0/8",
      "::1",
      "fd00::/8",
    ]);
    expect(load("loopback,uniquelocal").ops.trustProxy).toEqual(["loopback", "uniquelocal"]);
  });

  it("R-SEC-PROXY a value that is not an address, a range or a hop count stops the start, naming TRUST_PROXY", () => {
    for (const bad of ["true", "yes", "300.1.1.1", "10.0.0.0/33", "::1/129", "example.com", "10.0.0.1/8/2", "1.2.3"]) {
      expect(() => load(bad), bad).toThrow(ConfigError);
      try {
        load(bad);
      } catch (error) {
        expect((error as ConfigError).variable).toBe("TRUST_PROXY");
      }
    }
  });
});
