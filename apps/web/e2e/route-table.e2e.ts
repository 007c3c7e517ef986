import { createPublicIdCodec } from "@davmu/contracts/public-id";
import { describe, expect, inject, it } from "vitest";

const origin = inject("siteOrigin");
const share = `${origin}/davmu/share/`;
// the e2e server's salt (setup/server.ts): public ids of the demo rows are found by trying the first few
const codec = createPublicIdCodec("e2e-salt", 8);
const notFound = "抱歉，您访问的页面找不到了";

async function api(path: string): Promise<{ code: number; data: Record<string, unknown> }> {
  const auth = await fetch(`${origin}/peony/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appid: 1, platform: "mobile" }),
  }).then((r) => r.json());
  return fetch(`${origin}${path}`, { headers: { authorization: auth.data.token } }).then((r) => r.json());
}

/** The first public id whose call answers code 0. */
async function firstFound(call: (id: string) => string): Promise<string> {
  for (let n = 1; n <= 20; n++) if ((await api(call(codec.encode(n)))).code === 0) return codec.encode(n);
  throw new Error(`no demo row answers ${call("{id}")}`);
}

/** One demo page for each route of the community columns (spec §2), found through the API. */
async function communityPages(): Promise<string[]> {
  const topic = "街坊身边事";
  const reports = await api(`/peony/v3/clue_report/topic/${encodeURIComponent(topic)}?limit=10`);
  const report = (reports.data.list as Array<{ id: string }>)[0]?.id ?? "";
  const detail = await api(`/peony/v3/clue_report/${report}/detail`);
  const followed = detail.data as {
    handler?: { user_id: string } | null;
    reply?: { reporter: { user_id: string } } | null;
  };
  const reporter = followed.handler?.user_id ?? followed.reply?.reporter.user_id ?? "";
  const circle = await firstFound((id) => `/circle/v1/api/share/circle/detail?id=${id}`);
  const posts = await api(`/circle/v1/api/share/circle/list?id=${circle}&size=1`);
  const post = (posts.data.list as Array<{ id: string }>)[0]?.id ?? "";
  const question = await firstFound((id) => `/law/v1/api/share/question/detail?id=${id}`);
  return [
    "dejin/catalog/index.html?rid=jianglan&id=minsheng",
    "dejin/content/index.html?rid=jianglan&uuid=9f1c2a4e-0001-4c3a-9d21-5b7e3a1c0001",
    `dejin/detail/${report}/index.html`,
    `dejin/personal/${reporter}/index.html`,
    `dejin/topic/${encodeURIComponent(topic)}/index.html`,
    `dimim/circle/index.html?id=${circle}`,
    `dimim/content/index.html?id=${post}`,
    `dimim/topic/index.html?name=${encodeURIComponent("夜跑路线")}&circle=${circle}`,
    `fazak/problemShare/index.html?id=${question}`,
  ];
}

describe("the route table of spec §2", () => {
  it("R-ROUTE-1 every community column's route answers its page, none is left to the not-found page", async () => {
    const pages = await communityPages();
    for (const path of pages) {
      const response = await fetch(share + path);
      const html = await response.text();
      expect(response.status, path).toBe(200);
      expect(html, path).not.toContain(notFound);
    }
  });

  it("R-ROUTE-1 a path outside the table still answers the not-found page with status 404", async () => {
    for (const path of [
      "dejin/index.html",
      "dimim/other/index.html",
      "fazak/index.html",
      "no-such-column/index.html",
    ]) {
      const response = await fetch(share + path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain(notFound);
    }
  });
});
