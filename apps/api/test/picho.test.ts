import { calls } from "@davmu/contracts/calls";
import { createApiClient } from "@davmu/contracts/client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";

const rid = "jianglan";
const lamps = "9f1c2a4e-0001-4c3a-9d21-5b7e3a1c0001";

describe("picho open calls", () => {
  let server: TestServer;
  let token: string;

  beforeAll(async () => {
    server = await startTestServer();
    token = await server.anonymousToken();
    await server.seedDemo();
  });
  afterAll(() => server.close());

  it("R-API-ENDPOINTS an item of an open column: title, source, catalog and sanitised body", async () => {
    const { status, body } = await server.get(`/peony/v1/picho/v1/open/${rid}/content/${lamps}`, token);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({
      uuid: lamps,
      catalog_id: "minsheng",
      catalog_name: "民生追踪",
      source: "江澜新闻",
    });
    expect(body.data.content).toContain("<p>");
    expect(body.data.content).not.toMatch(/<script/i);
    expect(body.data.share_link).toMatch(
      /\/davmu\/share\/dejin\/content\/index\.html\?rid=jianglan&uuid=9f1c2a4e-0001-/,
    );
    // readable without any token too: the open calls are public reading
    expect((await server.get(`/peony/v1/picho/v1/open/${rid}/content/${lamps}`)).status).toBe(200);
  });

  it("R-API-ENDPOINTS a page of a column's items, newest first, of one catalog or all", async () => {
    const all = (await server.get(`/peony/v1/picho/v1/open/${rid}/content?limit=2`, token)).body.data;
    expect(all).toMatchObject({ total: 5, page: 1, limit: 2 });
    expect(all.list[0].publish_at >= all.list[1].publish_at).toBe(true);
    const one = (await server.get(`/peony/v1/picho/v1/open/${rid}/content?catalog_id=shengtai`, token)).body.data;
    expect(one.total).toBe(2);
    expect(one.list.every((i: { catalog_id: string }) => i.catalog_id === "shengtai")).toBe(true);
    const none = (await server.get("/peony/v1/picho/v1/open/nobody/content", token)).body.data;
    expect(none).toMatchObject({ list: [], total: 0 });
  });

  it("R-API-ENDPOINTS a catalog with its item count and sibling catalogs", async () => {
    const { status, body } = await server.get(`/peony/v1/picho/v1/open/${rid}/catalog/minsheng`, token);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: "minsheng", rid, name: "民生追踪", content_count: 3 });
    expect(body.data.siblings.map((s: { id: string }) => s.id)).toEqual(["minsheng", "shengtai"]);
  });

  it("R-API-ENDPOINTS unknown and malformed rid, uuid, catalog and paging answer a clear 4xx", async () => {
    const cases: Array<[string, number]> = [
      [`/peony/v1/picho/v1/open/${rid}/content/00000000-0000-0000-0000-000000000000`, 404],
      [`/peony/v1/picho/v1/open/other/content/${lamps}`, 404],
      [`/peony/v1/picho/v1/open/${rid}/catalog/nothing`, 404],
      [`/peony/v1/picho/v1/open/${rid}/content/${"a".repeat(65)}`, 400],
      [`/peony/v1/picho/v1/open/${rid}/content/${encodeURIComponent("a b")}`, 400],
      [`/peony/v1/picho/v1/open/${encodeURIComponent("江澜")}/content`, 400],
      [`/peony/v1/picho/v1/open/${encodeURIComponent("a/b")}/catalog/x`, 400],
      [`/peony/v1/picho/v1/open/${rid}/catalog/${encodeURIComponent("🔥")}`, 400],
      [`/peony/v1/picho/v1/open/${rid}/content?page=0`, 400],
      [`/peony/v1/picho/v1/open/${rid}/content?limit=500`, 400],
      [`/peony/v1/picho/v1/open/${rid}/content?catalog_id=${encodeURIComponent("%")}`, 400],
      [`/peony/v1/picho/v1/open/${"x".repeat(500)}/content`, 414],
    ];
    for (const [path, expected] of cases) {
      const { status, body } = await server.get(path, token);
      expect([path, status]).toEqual([path, expected]);
      expect(body.code, path).not.toBe(0);
    }
  });

  it("R-API-AUTH the site's client sends the picho calls without X-Request-Id, and other calls with it", async () => {
    const sent: Array<{ url: string; headers: Record<string, string> }> = [];
    const recording: typeof fetch = (input, init) => {
      sent.push({ url: String(input), headers: { ...(init?.headers as Record<string, string>) } });
      return fetch(input, init);
    };
    const client = createApiClient({
      baseUrl: server.base,
      credentials: () => ({ anonymousToken: token, anonymousId: "device-7" }),
      fetch: recording,
    });
    expect((await client.pichoContent({ params: { rid, uuid: lamps } })).code).toBe(0);
    expect((await client.pichoContentList({ params: { rid }, query: { page: 1, limit: 10 } })).code).toBe(0);
    expect((await client.pichoCatalog({ params: { rid, id: "minsheng" } })).code).toBe(0);
    expect((await client.clueRecommendTopics()).code).toBe(0);
    const picho = sent.filter((r) => r.url.includes("/peony/v1/picho/v1/open/"));
    expect(picho).toHaveLength(3);
    for (const request of picho) {
      expect(Object.keys(request.headers).map((k) => k.toLowerCase())).not.toContain("x-request-id");
      expect(request.headers.authorization).toBe(token);
    }
    const other = sent.find((r) => r.url.includes("recommend_topics"));
    expect(other?.headers["X-Request-Id"]).toBe("device-7");
    for (const name of ["pichoContent", "pichoContentList", "pichoCatalog"] as const) {
      expect(calls[name].requestId).toBe(false);
    }
  });
});
