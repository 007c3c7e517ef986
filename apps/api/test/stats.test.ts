import type { EditorRole } from "@davmu/contracts/call";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer, testEditorKey } from "./helper.ts";
import { editorSession } from "./support/editors.ts";

let server: TestServer;
let expiring: TestServer;

/** An analyst logs in with their own account (R-CONSOLE-1): the stats take that session. */
async function signIn(target: TestServer, role: EditorRole = "analyst") {
  const login = await editorSession(target, role);
  return { cookie: login.cookie, headers: login.headers };
}

beforeAll(async () => {
  server = await startTestServer();
  // the demo's three weeks of readership: the stats page draws them
  await server.seedDemo({ readership: true });
  expiring = await startTestServer({ EDITOR_SESSION_TTL_SECONDS: "1" });
});
afterAll(async () => {
  await server.close();
  await expiring.close();
});

describe("the editors' stats page", () => {
  it("R-STATS-1 R-CONSOLE-2 an analyst's or admin's session opens the page; other roles and the old key do not", async () => {
    const analyst = await signIn(server);
    const page = await fetch(`${server.base}/editor/stats`, { headers: { cookie: analyst.cookie } });
    expect(page.status).toBe(200);
    expect(page.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(page.headers.get("x-robots-tag")).toContain("noindex");
    const html = await page.text();
    expect(html).toContain('data-signed-in="1"');
    expect(html).toContain('method="post"');
    expect(html).toContain('autocomplete="current-password"');
    const anonymous = await fetch(`${server.base}/editor/stats`).then((r) => r.text());
    expect(anonymous).toContain('data-signed-in="0"');
    const admin = await signIn(server, "admin");
    expect((await server.get("/editor/v1/stats", null, { cookie: admin.cookie })).status).toBe(200);
    for (const role of ["editor", "moderator"] as const) {
      const other = await signIn(server, role);
      const refused = await server.get("/editor/v1/stats", null, { cookie: other.cookie });
      expect(refused.status, role).toBe(403);
      const shown = await fetch(`${server.base}/editor/stats`, { headers: { cookie: other.cookie } }).then((r) =>
        r.text(),
      );
      expect(shown, role).toContain('data-signed-in="0"');
    }
  });

  it("R-STATS-1 the stats need an editor's session; a forged cookie and the shared key are refused", async () => {
    expect((await server.get("/editor/v1/stats")).status).toBe(401);
    const forged = await server.get("/editor/v1/stats", null, { cookie: `davmu_console=${"A".repeat(43)}` });
    expect(forged.status).toBe(401);
    expect((await server.get("/editor/v1/stats", null, { "x-api-key": testEditorKey })).status).toBe(401);
    const { cookie } = await signIn(server);
    expect((await server.get("/editor/v1/stats", null, { cookie })).status).toBe(200);
  });

  it("R-STATS-1 an expired session is refused with a clear message", async () => {
    const { cookie } = await signIn(expiring);
    expect((await expiring.get("/editor/v1/stats", null, { cookie })).status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const late = await expiring.get("/editor/v1/stats", null, { cookie });
    expect(late.status).toBe(401);
    expect(late.body.msg).toBe("登录已失效，请重新登录");
  });

  it("R-STATS-1 per day and per hour: views, reads, average read time, scroll depth, exposures, exposure → view rate, open-app outcomes of the demo events", async () => {
    const { cookie } = await signIn(server);
    const answer = await server.get("/editor/v1/stats?granularity=day", null, { cookie });
    expect(answer.status).toBe(200);
    const report = answer.body.data;
    expect(report.series).toHaveLength(14);
    expect(report.totals.views).toBeGreaterThan(1000);
    expect(report.totals.reads).toBeGreaterThan(0);
    expect(report.totals.reads).toBeLessThan(report.totals.views);
    expect(report.totals.avg_read_seconds).toBeGreaterThan(10);
    expect(report.totals.depth.reduce((a: number, b: number) => a + b, 0)).toBe(report.totals.reads);
    expect(report.totals.exposure_view_rate).toBeGreaterThan(0);
    expect(report.totals.exposure_view_rate).toBeLessThan(1);
    expect(Object.keys(report.totals.open_app)).toEqual(expect.arrayContaining(["wechat_tag_opened"]));
    expect(report.series.every((p: { views: number }) => p.views > 0)).toBe(true);
    const top = report.items[0];
    expect(top.title).toBeTruthy();
    expect(top.views).toBeGreaterThanOrEqual(report.items[1].views);

    const hourly = await server.get(`/editor/v1/stats?granularity=hour&from=${report.to}&to=${report.to}`, null, {
      cookie,
    });
    // today's hours up to the current one (China time)
    const hoursToday = new Date(Date.now() + 8 * 3_600_000).getUTCHours() + 1;
    expect(hourly.body.data.series).toHaveLength(hoursToday);
    expect(hourly.body.data.series[0].at).toBe(`${report.to} 00:00`);

    const videos = await server.get("/editor/v1/stats?content_type=video", null, { cookie });
    expect(videos.body.data.items.every((i: { content_type: string }) => i.content_type === "video")).toBe(true);
    const one = await server.get(`/editor/v1/stats?post_id=${top.post_id}`, null, { cookie });
    expect(one.body.data.totals.views).toBe(top.views);
    expect(one.body.data.items).toHaveLength(1);
  });

  it("R-STATS-1 bad ranges and filters are refused 400", async () => {
    const { headers } = await signIn(server);
    for (const query of [
      "from=2026-11-20&to=2026-11-01",
      "from=2025-01-01&to=2026-11-01",
      "granularity=hour&from=2026-09-01&to=2026-11-01",
      "from=yesterday",
      "granularity=week",
      "post_id=!!",
      "post_id=AAAAAAAAAAAA",
    ]) {
      const answer = await server.get(`/editor/v1/stats?${query}`, null, headers);
      expect(answer.status, query).toBe(400);
      expect(answer.body.msg, query).toBeTruthy();
    }
  });

  it("R-STATS-1 CSV export: one row per item and day, UTF-8 with a byte-order mark", async () => {
    const { cookie } = await signIn(server);
    const response = await fetch(`${server.base}/editor/v1/stats.csv?granularity=day`, { headers: { cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("text/csv");
    expect(response.headers.get("content-disposition")).toMatch(/attachment; filename="davmu-stats-/);
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = new TextDecoder().decode(bytes).trim().split("\r\n");
    expect(lines[0]).toContain("日期,内容ID,标题,类型,浏览,阅读");
    expect(lines.length).toBeGreaterThan(20);
  });

  it("R-STATS-1 the page's script and uPlot are served; logging out clears the cookie", async () => {
    for (const name of ["dashboard.js", "dashboard.css", "uPlot.iife.min.js", "uPlot.min.css"]) {
      const response = await fetch(`${server.base}/editor/stats/assets/${name}`);
      expect(response.status, name).toBe(200);
    }
    expect((await fetch(`${server.base}/editor/stats/assets/..%2Fsession.ts`)).status).toBe(404);
    const { headers } = await signIn(server);
    const out = await fetch(`${server.base}/editor/v1/logout`, { method: "POST", headers });
    expect(out.headers.get("set-cookie")).toMatch(/davmu_console=;.*Max-Age=0/);
    expect((await server.get("/editor/v1/stats", null, headers)).status).toBe(401);
  });
});
