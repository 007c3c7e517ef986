import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";
import { editorSession } from "./support/editors.ts";

describe("the user agreement and privacy policy the login popup links to", () => {
  let server: TestServer;
  let token: string;
  const editor: Record<string, string> = {};

  beforeAll(async () => {
    server = await startTestServer();
    Object.assign(editor, (await editorSession(server, "admin")).headers);
    token = await server.anonymousToken();
  });
  afterAll(() => server.close());

  it("R-LOGIN-7 an organisation that has not written its texts answers an empty one under its title", async () => {
    const { status, body } = await server.get("/inner/static/agreement/privacy", token);
    expect(status).toBe(200);
    expect(body.data).toEqual({ kind: "privacy", title: "隐私政策", paragraphs: [], updated_at: null });
  });

  it("R-LOGIN-7 the demo's texts come as paragraphs with their date", async () => {
    await server.seedDemo();
    for (const kind of ["user", "privacy"]) {
      const { body } = await server.get(`/inner/static/agreement/${kind}`, token);
      expect(body.code).toBe(0);
      expect(body.data.kind).toBe(kind);
      expect(body.data.title).toMatch(/^江澜新闻(用户协议|隐私政策)$/);
      expect(body.data.paragraphs.length).toBeGreaterThan(4);
      for (const paragraph of body.data.paragraphs) expect(paragraph).toBe(paragraph.trim());
      expect(body.data.updated_at).toBe("2026-11-01T00:00:00.000Z");
    }
  });

  it("R-LOGIN-7 editors replace a text with the API key; blank lines split paragraphs, line ends are kept", async () => {
    const content = "第一条\r\n仍是第一段\r\n\r\n  第二条  \n\n\n\n第三条";
    const saved = await server.put("/editor/v1/agreements/user", { title: "用户服务协议", content }, null, editor);
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({
      kind: "user",
      title: "用户服务协议",
      paragraphs: ["第一条\n仍是第一段", "第二条", "第三条"],
    });
    const read = await server.get("/inner/static/agreement/user", token);
    expect(read.body.data).toEqual(saved.body.data);
    expect(Date.parse(read.body.data.updated_at)).toBeGreaterThan(Date.parse("2026-11-01T00:00:00.000Z"));
  });

  it("R-SRV-4 bad agreement calls get a clear 4xx and change nothing", async () => {
    const before = (await server.get("/inner/static/agreement/user", token)).body.data;
    const unknown = await server.get("/inner/static/agreement/terms", token);
    expect(unknown.status).toBe(400);
    expect(unknown.body.code).not.toBe(0);
    const noKey = await server.put("/editor/v1/agreements/user", { content: "新协议" }, null);
    expect(noKey.status).toBe(401);
    const userToken = (await server.login("13800138009")).token;
    const asUser = await server.put("/editor/v1/agreements/user", { content: "新协议" }, userToken);
    expect(asUser.status).toBe(401);
    const blank = await server.put("/editor/v1/agreements/user", { content: " \n \n " }, null, editor);
    expect(blank.status).toBe(400);
    expect(blank.body.msg).toBe("协议内容不能为空");
    const tooLong = await server.put("/editor/v1/agreements/user", { content: "长".repeat(100001) }, null, editor);
    expect(tooLong.status).toBe(400);
    const badKind = await server.put("/editor/v1/agreements/terms", { content: "新协议" }, null, editor);
    expect(badKind.status).toBe(400);
    expect((await server.get("/inner/static/agreement/user", token)).body.data).toEqual(before);
  });
});
