import { createPublicIdCodec } from "@davmu/contracts/public-id";
import { hydrated, phoneContext, shot } from "@davmu/test-support/browser";
import type { Browser } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { axeViolations, readerTab } from "./content-pages.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;
const base = `${origin}/davmu/share`;
// the e2e server's salt (setup/server.ts): public ids of the demo rows are found by trying the first few
const codec = createPublicIdCodec("e2e-salt", 8);

/** The demo questions' public ids by category. */
async function demoQuestions(): Promise<Record<string, string>> {
  const auth = await fetch(`${origin}/peony/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appid: 1, platform: "mobile" }),
  }).then((r) => r.json());
  const found: Record<string, string> = {};
  for (let n = 1; n <= 20; n++) {
    const id = codec.encode(n);
    const answer = await fetch(`${origin}/law/v1/api/share/question/detail?id=${id}`, {
      headers: { authorization: auth.data.token },
    }).then((r) => r.json());
    if (answer.code === 0) found[answer.data.category] = id;
  }
  if (!found.房产纠纷 || !found.劳动纠纷) throw new Error("the demo questions are missing");
  return found;
}

describe("law Q&A (fazak)", () => {
  let browser: Browser;
  let questions: Record<string, string>;
  beforeAll(async () => {
    browser = await connectBrowser();
    questions = await demoQuestions();
  });
  afterAll(() => browser?.close());
  const reader = readerTab(() => browser);

  it("R-ROUTE-1 R-WEB-A11Y a question's page: the question, then the lawyers' answers with the accepted one first, drawn on the server", async () => {
    const url = `${base}/fazak/problemShare/index.html?id=${questions.房产纠纷}`;
    const html = await fetch(url).then((r) => r.text());
    expect(html).toContain("墙上有钉孔");
    expect(html.indexOf("林晓雯")).toBeLessThan(html.indexOf("周明远"));
    const page = await reader();
    const response = await page.goto(url);
    expect(response?.status()).toBe(200);
    await hydrated(page);
    expect(await page.locator(".la-tags").textContent()).toContain("已解决");
    const answers = page.getByTestId("law-answer");
    expect(await answers.count()).toBe(2);
    expect(await answers.nth(0).textContent()).toMatch(/最佳答案.*林晓雯.*执业律师.*江澜衡信律师事务所/);
    expect(await answers.nth(1).textContent()).toMatch(/周明远.*合伙人律师.*江澜明正律师事务所/);
    const ld = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}");
    expect(ld).toMatchObject({ "@type": "QAPage", mainEntity: { "@type": "Question", answerCount: 2 } });
    expect(ld.mainEntity.acceptedAnswer.author.name).toBe("林晓雯");
    expect(await page.locator('meta[property="og:title"]').getAttribute("content")).toContain("押金");
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `fazak/fazak-question`);
    await page.getByRole("button", { name: "打开客户端，免费咨询律师" }).click();
    await page.getByText(/体验更多内容/).waitFor({ timeout: 5000 });
  });

  it("R-ROUTE-1 R-WEB-A11Y an open question says it waits for an answer; unknown ids and pages go to the not-found page", async () => {
    const page = await reader();
    await page.goto(`${base}/fazak/problemShare/index.html?id=${questions.劳动纠纷}`);
    await hydrated(page);
    expect(await page.locator(".la-tags").textContent()).toContain("待解决");
    expect(await page.getByTestId("law-answer").count()).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    await shot(page, `fazak/fazak-open`);
    for (const query of ["?id=notAnId", `?id=${codec.encode(9999)}`, "", "?id=", "?id=%E4%B8%AD"]) {
      const response = await fetch(`${base}/fazak/problemShare/index.html${query}`, { redirect: "manual" });
      expect(response.status, query).toBe(302);
      expect(response.headers.get("location")).toBe("/davmu/share/404");
      await response.arrayBuffer();
    }
    const wrongIndex = await fetch(`${base}/fazak/problemShare/share.html?id=${questions.劳动纠纷}`);
    expect(wrongIndex.status).toBe(404);
    await wrongIndex.arrayBuffer();
  });

  it("R-WEB-SSR with JavaScript off a question and its answers are read in full", async () => {
    const context = await phoneContext(browser, { javaScriptEnabled: false });
    const page = await context.newPage();
    await page.goto(`${base}/fazak/problemShare/index.html?id=${questions.房产纠纷}`);
    expect(await page.locator("h1").textContent()).toContain("押金");
    expect(await page.getByTestId("law-answer").count()).toBe(2);
    expect(await page.getByTestId("law-answer").nth(0).textContent()).toContain("最佳答案");
    await context.close();
  });
});
