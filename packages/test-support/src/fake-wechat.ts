import { randomBytes } from "node:crypto";
import { createServer, type Server } from "node:http";

/**
 * A stand-in for WeChat's official-account API on loopback, answering the two calls the signing
 * service makes as WeChat documents them:
 *
 * - `GET /cgi-bin/token?grant_type=client_credential&appid=…&secret=…` → `{access_token, expires_in}`,
 *   or `{errcode: 40013}` (bad appid), `{errcode: 40125}` (bad secret), `{errcode: 40002}` (bad grant type);
 * - `GET /cgi-bin/ticket/getticket?access_token=…&type=jsapi` → `{errcode: 0, errmsg: "ok", ticket,
 *   expires_in}`, or `{errcode: 40001}` (unknown token), `{errcode: 42001}` (expired token).
 *
 * It counts the fetches, and can be told to be slow, to be down (HTTP 503), or to answer WeChat's
 * rate limit (`{errcode: 45009}`). `GET /__fake/stats` answers the counts (for trying it by hand).
 * Run alone: `node packages/test-support/src/fake-wechat.ts [port]` (appid `wx0123456789abcdef`, secret
 * `fake-wechat-secret-0123456789`).
 */
export interface FakeWechatOptions {
  appId: string;
  appSecret: string;
  /** lifetime WeChat gives tokens and tickets, in seconds (7200 like WeChat) */
  expiresIn?: number;
  /** every answer waits this long: makes concurrent requests really overlap */
  delayMs?: number;
}

export interface FakeWechat {
  base: string;
  tokenFetches: number;
  ticketFetches: number;
  /** the jsapi_ticket now valid (the test recomputes signatures with it) */
  currentTicket: string | null;
  mode: "up" | "down" | "rate-limited";
  expiresIn: number;
  delayMs: number;
  close(): Promise<void>;
}

export const fakeWechatDefaults = { appId: "wx0123456789abcdef", appSecret: "fake-wechat-secret-0123456789" };

export async function startFakeWechat(options: FakeWechatOptions, port = 0): Promise<FakeWechat> {
  const tokens = new Map<string, number>();
  const fake: FakeWechat = {
    base: "",
    tokenFetches: 0,
    ticketFetches: 0,
    currentTicket: null,
    mode: "up",
    expiresIn: options.expiresIn ?? 7200,
    delayMs: options.delayMs ?? 0,
    close: async () => {},
  };
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? "/", "http://localhost");
    const answer = (status: number, body: unknown) => {
      res.writeHead(status, { "content-type": "application/json; charset=utf-8" });
      res.end(JSON.stringify(body));
    };
    const respond = () => {
      if (url.pathname === "/__fake/stats") {
        return answer(200, { tokenFetches: fake.tokenFetches, ticketFetches: fake.ticketFetches, mode: fake.mode });
      }
      if (url.pathname === "/cgi-bin/token") fake.tokenFetches += 1;
      else if (url.pathname === "/cgi-bin/ticket/getticket") fake.ticketFetches += 1;
      else return answer(404, { errcode: 404, errmsg: "not found" });
      if (fake.mode === "down") return answer(503, { errcode: -1, errmsg: "system error" });
      if (fake.mode === "rate-limited")
        return answer(200, { errcode: 45009, errmsg: "reach max api daily quota limit" });
      const q = url.searchParams;
      if (url.pathname === "/cgi-bin/token") {
        if (q.get("grant_type") !== "client_credential")
          return answer(200, { errcode: 40002, errmsg: "invalid grant_type" });
        if (q.get("appid") !== options.appId) return answer(200, { errcode: 40013, errmsg: "invalid appid" });
        if (q.get("secret") !== options.appSecret) return answer(200, { errcode: 40125, errmsg: "invalid appsecret" });
        const token = `TOKEN_${randomBytes(24).toString("hex")}`;
        tokens.set(token, Date.now() + fake.expiresIn * 1000);
        return answer(200, { access_token: token, expires_in: fake.expiresIn });
      }
      const token = q.get("access_token") ?? "";
      const until = tokens.get(token);
      if (until === undefined)
        return answer(200, { errcode: 40001, errmsg: "invalid credential, access_token is invalid" });
      if (Date.now() >= until) return answer(200, { errcode: 42001, errmsg: "access_token expired" });
      if (q.get("type") !== "jsapi") return answer(200, { errcode: 40097, errmsg: "invalid args" });
      fake.currentTicket = `TICKET_${randomBytes(32).toString("base64url")}`;
      return answer(200, { errcode: 0, errmsg: "ok", ticket: fake.currentTicket, expires_in: fake.expiresIn });
    };
    if (fake.delayMs > 0) setTimeout(respond, fake.delayMs);
    else respond();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const address = server.address();
  fake.base = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const port = Number(process.argv[2] ?? 3900);
  const fake = await startFakeWechat(fakeWechatDefaults, port);
  console.log(
    `fake WeChat API at ${fake.base}: WECHAT_APP_ID=${fakeWechatDefaults.appId} WECHAT_APP_SECRET=${fakeWechatDefaults.appSecret} WECHAT_API_BASE=${fake.base}`,
  );
}
