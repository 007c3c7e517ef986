import corpus from "@davmu/contracts/user-agent-corpus.json" with { type: "json" };
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";
import { editorSession } from "./support/editors.ts";

const iphone =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44";
const android =
  "Mozilla/5.0 (Linux; Android 13; V2148A) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/78.0.3904.62 Mobile Safari/537.36 MicroMessenger/8.0.44";
const path = "/peony/v1/app/download_url?moduleName=app_download_url";

describe("the app download address (getH5AppDownUrl)", () => {
  let server: TestServer;
  let token: string;
  const editor: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer();
    Object.assign(editor, (await editorSession(server, "editor")).headers);
    token = await server.anonymousToken();
  });
  afterAll(() => server.close());

  it("R-API-DOWNURL answers 404 with a clear message until editors set the addresses", async () => {
    const { status, body } = await server.get(path, token);
    expect(status).toBe(404);
    expect(body).toEqual({ code: 404, msg: "尚未配置应用下载地址", data: null });
  });

  it("R-API-DOWNURL data is a JSON string holding url, for the platform of the visitor's phone", async () => {
    await server.seedDemo();
    const fromIphone = await server.get(path, token, { "user-agent": iphone });
    expect(fromIphone.status).toBe(200);
    expect(fromIphone.body.code).toBe(0);
    expect(typeof fromIphone.body.data).toBe("string");
    expect(JSON.parse(fromIphone.body.data)).toEqual({ url: "https://apps.apple.com/cn/app/id6450000001" });
    const fromAndroid = await server.get(path, token, { "user-agent": android });
    expect(JSON.parse(fromAndroid.body.data).url).toBe("https://download.jianglan.example/app/jianglan-news.apk");
    // an explicit platform wins over the user agent
    const asked = await server.get(`${path}&platform=ios`, token, { "user-agent": android });
    expect(JSON.parse(asked.body.data).url).toBe("https://apps.apple.com/cn/app/id6450000001");
  });

  it("R-FIELD-1 R-API-DOWNURL real phones get their platform's address: iPads and iPhones Apple's, Android and HarmonyOS phones (one named like an iPhone too) the Android one", async () => {
    const real = (pattern: RegExp) => {
      const agent = corpus.agents.find((a) => !a.robot && pattern.test(a.ua));
      if (!agent) throw new Error(`no ${pattern} in the corpus`);
      return agent.ua;
    };
    const apple = "https://apps.apple.com/cn/app/id6450000001";
    const apk = "https://download.jianglan.example/app/jianglan-news.apk";
    for (const [pattern, url] of [
      [/\(iPad;.*MicroMessenger|\(iPad;.*Safari/, apple],
      [/\(iPhone;.*Process|\(iPhone;.*QQ\//, apple],
      [/Android.*Process\/toolsmp/, apk],
      [/Android.*;iPhone:/, apk],
      [/\(Phone; OpenHarmony/, apk],
    ] as const) {
      const answer = await server.get(path, token, { "user-agent": real(pattern) });
      expect(JSON.parse(answer.body.data).url, String(pattern)).toBe(url);
    }
  });

  it("R-API-DOWNURL editors set the addresses per platform with the editors' key", async () => {
    const urls = { ios: "https://apps.apple.com/cn/app/id6450000999", android: "https://a.example.cn/jianglan.apk" };
    const saved = await server.put("/editor/v1/app/download_urls", urls, null, editor);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toEqual(urls);
    const read = await server.get(`${path}&platform=android`, token);
    expect(JSON.parse(read.body.data)).toEqual({ url: urls.android });
  });

  it("R-SRV-4 bad download-address calls get a clear 4xx and change nothing", async () => {
    const before = (await server.get(`${path}&platform=ios`, token)).body.data;
    const cases: [string, () => Promise<{ status: number; body: any }>, number][] = [
      ["no token", () => server.get(path, null), 401],
      ["no module name", () => server.get("/peony/v1/app/download_url", token), 400],
      ["another module", () => server.get("/peony/v1/app/download_url?moduleName=wxshare", token), 400],
      ["an unknown platform", () => server.get(`${path}&platform=harmony`, token), 400],
      [
        "no editor key",
        () => server.put("/editor/v1/app/download_urls", { ios: "https://x.cn", android: "https://y.cn" }),
        401,
      ],
      [
        "a user's token for a key",
        () => server.put("/editor/v1/app/download_urls", { ios: "https://x.cn", android: "https://y.cn" }, token),
        401,
      ],
      [
        "an http address",
        () => server.put("/editor/v1/app/download_urls", { ios: "http://x.cn", android: "https://y.cn" }, null, editor),
        400,
      ],
      [
        "a javascript: address",
        () =>
          server.put(
            "/editor/v1/app/download_urls",
            { ios: "javascript:alert(1)", android: "https://y.cn" },
            null,
            editor,
          ),
        400,
      ],
      [
        "one platform missing",
        () => server.put("/editor/v1/app/download_urls", { ios: "https://x.cn" }, null, editor),
        400,
      ],
      [
        "an address of 3000 characters",
        () =>
          server.put(
            "/editor/v1/app/download_urls",
            { ios: `https://x.cn/${"a".repeat(3000)}`, android: "https://y.cn" },
            null,
            editor,
          ),
        400,
      ],
      ["a body that is not JSON", () => server.put("/editor/v1/app/download_urls", "{ios:", null, editor), 400],
    ];
    for (const [what, call, status] of cases) {
      const answer = await call();
      expect(answer.status, what).toBe(status);
      expect(answer.body.code, what).not.toBe(0);
      expect(answer.body.msg, what).not.toBe("");
    }
    expect((await server.get(`${path}&platform=ios`, token)).body.data).toBe(before);
  });
});
