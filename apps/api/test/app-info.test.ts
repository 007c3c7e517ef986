import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";

describe("app info and site config", () => {
  let server: TestServer;
  let token: string;
  beforeAll(async () => {
    server = await startTestServer();
    token = await server.anonymousToken();
  });
  afterAll(() => server.close());

  it("R-SITE-5 before any settings exist, app info answers the default theme colour", async () => {
    const { body } = await server.get("/peony/v1/app/info", token);
    expect(body.code).toBe(0);
    expect(JSON.parse(body.data.app_info).primaryColor).toBe("#FF4A26");
  });

  it("R-SITE-3 an unset site config answers empty values the site fills with its defaults", async () => {
    const { body } = await server.get("/inner/static/data", token);
    expect(body.data).toEqual({ site_name: "", descriptions: "", site_logo: "", debug: false });
  });

  it("R-SITE-5 app info is a JSON string with primaryColor and navigation items, on both paths", async () => {
    await server.seedDemo();
    for (const path of ["/peony/v1/app/info", "/peony/v1/group"]) {
      const { status, body } = await server.get(path, token);
      expect(status).toBe(200);
      expect(typeof body.data.app_info).toBe("string");
      const info = JSON.parse(body.data.app_info);
      expect(info.primaryColor).toMatch(/^#[0-9A-F]{6}$/i);
      const items = info.bottomNavigationBar.navigationItems;
      expect(items.length).toBeGreaterThanOrEqual(3);
      expect(items[0]).toMatchObject({ title: "首页", isHome: true, binding: "home" });
      expect(items[0].groups[0]).toEqual({ id: "recommend", name: "推荐", type: "news" });
      expect(Object.keys(items[0].icons).sort()).toEqual(["dark_normal", "dark_selected", "normal", "selected"]);
    }
  });

  it("R-SITE-3 the site config answers site_name, descriptions and site_logo", async () => {
    const { body } = await server.get("/inner/static/data", token);
    expect(body.data).toEqual({
      site_name: "江澜新闻",
      descriptions: "打开江澜新闻App，阅读更多本地好新闻",
      site_logo: "/media/logo.png",
      debug: false,
    });
  });

  it("R-SRV-4 a wrong query type on app info gets 400", async () => {
    const { status, body } = await server.get("/peony/v1/app/info?appid=abc", token);
    expect(status).toBe(400);
    expect(body.msg).toContain("appid");
  });
});
