import { portOf, rawExchange } from "@davmu/test-support/raw-http";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";
import { createEditorAccount } from "./support/editors.ts";

/** The status of a GET, its body read (an unread body keeps the connection the server's close waits for). */
const statusOf = async (url: string) => {
  const response = await fetch(url);
  await response.arrayBuffer();
  return response.status;
};

const request = (path: string, headers: string[]) =>
  [`GET ${path} HTTP/1.1`, ...headers, "Connection: close", "", ""].join("\r\n");

describe("malformed host and forwarded headers", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "127.0.0.1" });
  });
  afterAll(() => server.close());

  const bad: [string, string[]][] = [
    ["a Host with a space", ["Host: bad host"]],
    ["a Host with a path", ["Host: example.com/evil"]],
    ["a Host with user info", ["Host: user@example.com"]],
    ["a Host with a port past 65535", ["Host: example.com:99999"]],
    ["a Host of brackets only", ["Host: [zz]"]],
    ["an X-Forwarded-Host with a space", ["Host: localhost", "X-Forwarded-Host: a b"]],
    ["an X-Forwarded-Host with a backslash", ["Host: localhost", "X-Forwarded-Host: evil\\x"]],
    ["an X-Forwarded-Proto that is not http(s)", ["Host: localhost", "X-Forwarded-Proto: javascript"]],
    ["an X-Forwarded-Proto with a colon", ["Host: localhost", "X-Forwarded-Proto: https://x"]],
  ];

  for (const [what, headers] of bad) {
    it(`R-SRV-4 ${what} gets 400 with the envelope, never a 500`, async () => {
      for (const path of ["/healthz", "/peony/v1/app/info", "/davmu/share/"]) {
        const answer = await rawExchange(portOf(server.base), [request(path, headers)]);
        expect(answer.status, `${path} ${headers.join(" | ")}`).toBe(400);
        const body = JSON.parse(answer.text.slice(answer.text.indexOf("\r\n\r\n") + 4));
        expect(body).toMatchObject({ code: 400, data: null });
        expect(body.msg).toMatch(/^请求头 (Host|X-Forwarded-Host|X-Forwarded-Proto) 无效$/);
        expect(answer.text).not.toMatch(/stack|at \w+ \(/);
      }
    });
  }

  it("R-SRV-4 ordinary hosts, addresses and forwarded chains are served", async () => {
    for (const headers of [
      ["Host: localhost:3000"],
      ["Host: 127.0.0.1"],
      ["Host: [::1]:8080"],
      ["Host: share.example.com", "X-Forwarded-Host: share.example.com", "X-Forwarded-Proto: https"],
      ["Host: a", "X-Forwarded-Proto: https, http"],
    ]) {
      const answer = await rawExchange(portOf(server.base), [request("/healthz", headers)]);
      expect(answer.status, headers.join(" | ")).toBe(200);
    }
  });
});

describe("slow clients", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ REQUEST_TIMEOUT_MS: "1500", HEADERS_TIMEOUT_MS: "1000" });
  });
  afterAll(() => server.close());

  it("R-REL-1 a body sent one byte at a time is cut off at the request timeout (408), its socket closed", async () => {
    const head = [
      "POST /peony/v1/auth HTTP/1.1",
      "Host: localhost",
      "Content-Type: application/json",
      "Content-Length: 200",
      "",
      "",
    ].join("\r\n");
    const bytes = ['{"appid":1', ...Array.from({ length: 30 }, () => " ")];
    const answer = await rawExchange(portOf(server.base), [head, ...bytes], { gapMs: 400, waitMs: 8000 });
    expect(answer.closed).toBe(true);
    // the timeout is checked every second: closed between 1.5 and about 3 s
    expect(answer.closedAfterMs).toBeLessThan(4000);
    expect(answer.status).toBe(408);
  });

  it("R-REL-1 headers sent one line at a time are cut off at the headers timeout", async () => {
    const lines = [
      "GET /healthz HTTP/1.1\r\n",
      "Host: localhost\r\n",
      ...Array.from({ length: 20 }, (_, i) => `X-${i}: y\r\n`),
    ];
    const answer = await rawExchange(portOf(server.base), lines, { gapMs: 300, waitMs: 8000 });
    expect(answer.closed).toBe(true);
    expect(answer.closedAfterMs).toBeLessThan(3500);
  });

  it("R-REL-1 a request sent at once is not affected", async () => {
    expect((await server.get("/healthz")).status).toBe(200);
  });
});

describe("safe defaults", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ TRUST_PROXY: "127.0.0.1" });
  });
  afterAll(() => server.close());

  it("R-SEC-OTP-3 the development SMS outbox answers only clients on this machine", async () => {
    expect((await server.get("/dev/sms-outbox")).status).toBe(200);
    const remote = await server.get("/dev/sms-outbox", null, { "x-forwarded-for": "203.0.113.50" });
    expect(remote.status).toBe(403);
    expect(remote.body).toMatchObject({ code: 403, data: null });
  });

  it("R-SRV-4 every answer carries the security headers, a Permissions-Policy among them: API, errors, media, docs and the beacon", async () => {
    for (const path of ["/peony/v1/app/info", "/nope", "/healthz", "/docs/json", "/tracker/log"]) {
      const response = await fetch(server.base + path);
      // read every body: an unread one keeps its connection, and the server's close waits for it
      await response.arrayBuffer();
      expect(response.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(response.headers.get("x-frame-options"), path).toBe("SAMEORIGIN");
      expect(response.headers.get("content-security-policy"), path).toMatch(/default-src 'self'/);
      expect(response.headers.get("strict-transport-security"), path).toBeNull();
      expect(response.headers.get("x-powered-by"), path).toBeNull();
      expect(response.headers.get("permissions-policy"), path).toMatch(/(^|, )camera=\(\)(, |$)/);
      expect(response.headers.get("permissions-policy"), path).toMatch(/(^|, )geolocation=\(\)(, |$)/);
    }
  });

  it("R-SRV-4 a stored file (a picture, an SVG) carries nosniff and a sandboxing CSP, and none of a document's headers", async () => {
    const { readdirSync } = await import("node:fs");
    const files = readdirSync(server.config.mediaDir, { recursive: true }).map(String);
    const picture = files.find((name) => name.endsWith(".jpg"));
    const svg = files.find((name) => name.endsWith(".svg"));
    expect(picture).toBeDefined();
    expect(svg).toBeDefined();
    for (const file of [picture, svg]) {
      const response = await fetch(`${server.base}/media/${file}`);
      await response.arrayBuffer();
      expect(response.status, file).toBe(200);
      expect(response.headers.get("x-content-type-options"), file).toBe("nosniff");
      expect(response.headers.get("cross-origin-resource-policy"), file).toBe("cross-origin");
      const policy = response.headers.get("content-security-policy") ?? "";
      for (const directive of ["default-src 'none'", "frame-ancestors 'self'", "sandbox"]) {
        expect(policy, file).toContain(directive);
      }
      expect(policy, file).not.toContain("script-src");
      for (const name of ["permissions-policy", "x-frame-options", "cross-origin-opener-policy", "x-xss-protection"]) {
        expect(response.headers.get(name), `${file} ${name}`).toBeNull();
      }
    }
  });

  it("R-SRV-4 a missing or refused file under /media/ answers 4xx with the stored file's headers, and a path out of it is refused", async () => {
    const { request } = await import("node:http");
    // sent as written (fetch would resolve the dots before sending)
    const raw = (path: string) =>
      new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
        const url = new URL(server.base);
        request({ host: url.hostname, port: url.port, path, method: "GET" }, (res) => {
          let body = "";
          res.setEncoding("utf8");
          res.on("data", (part: string) => {
            body += part;
          });
          res.on("end", () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
          res.on("error", reject);
        })
          .on("error", reject)
          .end();
      });
    for (const path of ["/media/no-such-file.jpg", "/media/../package.json", "/media/%2e%2e/%2e%2e/package.json"]) {
      const response = await raw(path);
      expect(response.status, path).toBeGreaterThanOrEqual(400);
      expect(response.status, path).toBeLessThan(500);
      expect(response.body, path).not.toContain('"workspaces"');
      expect(response.headers["x-content-type-options"], path).toBe("nosniff");
      expect(String(response.headers["content-security-policy"]), path).toContain("sandbox");
      expect(response.headers["permissions-policy"], path).toBeUndefined();
    }
  });

  it("R-SRV-3 /docs is served by default", async () => {
    expect(await statusOf(`${server.base}/docs/json`)).toBe(200);
  });
});

describe("switches for production", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ SERVE_DOCS: "false", PUBLIC_ORIGIN: "https://share.example.com" }, (app) => {
      app.get("/test/cookie", (_request, reply) => {
        reply.header("set-cookie", ["a=1; Path=/", "b=2; Path=/; Secure"]);
        return { ok: true };
      });
    });
  });
  afterAll(() => server.close());

  it("R-SRV-3 SERVE_DOCS=false turns /docs off", async () => {
    expect(await statusOf(`${server.base}/docs`)).toBe(404);
    expect(await statusOf(`${server.base}/docs/json`)).toBe(404);
  });

  it("R-CONSOLE-1 over https the console's cookie is __Secure-davmu_console: only that name is read, a plain one is not", async () => {
    const account = await createEditorAccount(server, "analyst");
    const login = await server.post("/editor/v1/login", { email: account.email, password: account.password });
    expect(login.status).toBe(200);
    const cookie = login.headers.get("set-cookie") ?? "";
    expect(cookie).toMatch(
      /^__Secure-davmu_console=[\w-]{43}; Path=\/editor; HttpOnly; SameSite=Strict; Max-Age=\d+; Secure$/,
    );
    const token = (cookie.split(";")[0] as string).split("=")[1] as string;
    expect((await server.get("/editor/v1/me", null, { cookie: `__Secure-davmu_console=${token}` })).status).toBe(200);
    // a cookie of the plain name (planted by an http answer or a sibling host) is not the session's
    expect((await server.get("/editor/v1/me", null, { cookie: `davmu_console=${token}` })).status).toBe(401);
  });

  it("R-SEC-TOKEN with an https PUBLIC_ORIGIN every cookie is Secure, and HSTS is sent", async () => {
    const response = await fetch(`${server.base}/test/cookie`);
    await response.arrayBuffer();
    expect(response.headers.getSetCookie()).toEqual(["a=1; Path=/; Secure", "b=2; Path=/; Secure"]);
    expect(response.headers.get("strict-transport-security")).toMatch(/max-age=\d+/);
    expect(response.headers.get("content-security-policy")).toMatch(/upgrade-insecure-requests/);
  });
});
