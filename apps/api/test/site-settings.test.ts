import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";
import { type EditorLogin, editorSession } from "./support/editors.ts";

describe("the site's name, description and logo (admin)", () => {
  let server: TestServer;
  let admin: EditorLogin;

  beforeAll(async () => {
    server = await startTestServer();
    admin = await editorSession(server, "admin");
  });
  afterAll(() => server.close());

  it("R-CONSOLE-4 R-CONSOLE-3 an admin sets the site's name, description and logo: the site's config answers them, the change audited before and after", async () => {
    const values = {
      site_name: " 江澜新闻网 ",
      descriptions: "江澜本地新闻与生活服务",
      site_logo: "https://cdn.example.com/logo.png",
    };
    const saved = await server.put("/editor/v1/site", values, null, admin.headers);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toEqual({ ...values, site_name: "江澜新闻网" });
    expect((await server.get("/editor/v1/site", null, admin.headers)).body.data.site_name).toBe("江澜新闻网");
    const config = await server.get("/inner/static/data", await server.anonymousToken());
    expect(config.body.data).toMatchObject({ site_name: "江澜新闻网", site_logo: values.site_logo });
    // a path on the site's own origin, as the demo's logo
    const local = await server.put("/editor/v1/site", { ...values, site_logo: "/media/logo.png" }, null, admin.headers);
    expect(local.body.data.site_logo).toBe("/media/logo.png");
    // no logo: the site's default
    const plain = await server.put("/editor/v1/site", { ...values, site_logo: "" }, null, admin.headers);
    expect(plain.body.data.site_logo).toBe("");
    const audit = await server.get("/editor/v1/audit?target=site:settings", null, admin.headers);
    const entries = audit.body.data.list as { action: string; before: unknown; after: unknown }[];
    expect(entries.map((entry) => entry.action)).toEqual(["saveSiteSettings", "saveSiteSettings", "saveSiteSettings"]);
  });

  it("R-CONSOLE-6 R-CONSOLE-2 bad site settings get 400 with a message; only an admin may read or set them", async () => {
    const good = { site_name: "江澜新闻", descriptions: "", site_logo: "" };
    for (const body of [
      { ...good, site_name: "" },
      { ...good, site_name: "   " },
      { ...good, site_name: "名".repeat(41) },
      { ...good, descriptions: "述".repeat(201) },
      { ...good, site_logo: "http://insecure.example.com/logo.png" },
      { ...good, site_logo: "javascript:alert(1)" },
      { ...good, site_logo: "//evil.example.com/logo.png" },
      { site_name: "江澜新闻" },
    ]) {
      const answer = await server.put("/editor/v1/site", body, null, admin.headers);
      expect(answer.status, JSON.stringify(body)).toBe(400);
      expect(answer.body.msg).toBeTruthy();
    }
    for (const role of ["editor", "moderator", "analyst"] as const) {
      const session = await editorSession(server, role);
      expect((await server.put("/editor/v1/site", good, null, session.headers)).status).toBe(403);
      expect((await server.get("/editor/v1/site", null, session.headers)).status).toBe(403);
    }
  });
});
