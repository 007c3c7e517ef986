import { type DemoCard, demoCards, hydrated, phoneContext, wechatUserAgent } from "@davmu/test-support/browser";
import type { Browser, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymousToken, demoArticles, expectToast, loginWithCode } from "./accounts.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;
const editorKey = site.editorApiKey;

/**
 * The band at a video's foot that the browsers' own control bars take: Chromium and WeChat's
 * Android browser draw about 62 px with the timeline, iOS about 56 px; with a margin.
 */
const nativeControlsBand = 72;

type Box = { x: number; y: number; width: number; height: number };

async function box(locator: Locator): Promise<Box> {
  const found = await locator.boundingBox();
  if (!found) throw new Error(`${locator} is not on the page`);
  return found;
}

/**
 * Where the toast is and, at the same moment, each of `others`: read in one step while the toast shows,
 * as it leaves on a timer of its own (on a busy machine a read after a wait can come after it left).
 */
type ToastAnd = { text: string; toast: Box; others: Box[] };

async function toastAnd(page: Page, others: Locator[], { focusInFirst = false } = {}): Promise<ToastAnd> {
  const handles = await Promise.all(others.map((other) => other.elementHandle()));
  let seen: ToastAnd | null = null;
  await expect
    .poll(async () => {
      seen = await page.evaluate(
        ([elements, focus]) => {
          const toast = document.querySelector(".toast");
          if (!toast?.getBoundingClientRect().height) return null;
          if (focus && !(elements[0] as Element | undefined)?.contains(document.activeElement)) return null;
          const rect = (element: Element) => {
            const { x, y, width, height } = element.getBoundingClientRect();
            return { x, y, width, height };
          };
          return {
            text: toast.textContent ?? "",
            toast: rect(toast),
            others: elements.map((element) => rect(element as Element)),
          };
        },
        [handles, focusInFirst] as const,
      );
      return seen !== null;
    })
    .toBe(true);
  return seen as unknown as ToastAnd;
}

function overlap(a: Box, b: Box): boolean {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe("what a visitor's phone shows: nothing covers what it is about", () => {
  let browser: Browser;
  let cards: DemoCard[];
  const linkOf = (type: string) => {
    const card = cards.find((c) => c.content_type === type);
    if (!card) throw new Error(`no demo item of type ${type}`);
    return origin + card.content_link;
  };

  beforeAll(async () => {
    browser = await connectBrowser();
    cards = await demoCards(origin);
  });
  afterAll(() => browser?.close());

  /**
   * The tabs the tests that only look go on in, one per user agent (a context of its own per page costs
   * Chromium a renderer each); closed with the file's browser connection.
   */
  const tabs = new Map<string, Page>();
  /**
   * A hydrated page on a 375×667 phone; in WeChat unless another user agent is given. In the kept tab of
   * its user agent, or with `own` in a context of its own (a test that logs in, which the next would inherit).
   */
  async function phonePage(url: string, userAgent = wechatUserAgent, { own = false } = {}): Promise<Page> {
    let page = own ? undefined : tabs.get(userAgent);
    if (!page || page.isClosed()) {
      page = await (await phoneContext(browser, { userAgent })).newPage();
      if (!own) tabs.set(userAgent, page);
    }
    await page.goto(url);
    await hydrated(page);
    return page;
  }

  it("R-CONTENT-8 R-ENT-STATS an article with comments closed says so under 评论 and invites no first comment", async () => {
    const closed = (await demoArticles()).find((a) => !a.open);
    if (!closed) throw new Error("the demo has no article with comments closed");
    const page = await phonePage(closed.url);
    expect(await page.locator("#comments .comments-empty").textContent()).toBe("评论已关闭");
    expect(await page.locator("body").textContent()).not.toContain("抢沙发");
    // the footer says the same
    expect(await page.locator(".cf-closed").textContent()).toBe("评论已关闭");
  });

  it("R-UI-FOOTER the footer's like and collect show the item's counts, over 999 as k and w (spec §5)", async () => {
    const headers = { "content-type": "application/json", "x-api-key": editorKey };
    const imported = await fetch(`${origin}/editor/v1/contents`, {
      method: "POST",
      headers,
      body: JSON.stringify([
        {
          external_id: "e2e-footer-counts",
          content_type: "article",
          title: "江澜老城墙修缮完工 周末起向市民开放",
          summary: "修缮历时八个月。",
          source_alias: "江澜新闻",
          body_html: "<p>修缮历时八个月，老城墙周末起向市民开放。</p>",
          // long before the demo items, so it is not the newest article other tests take from the home page
          publish_at: "2025-06-01T00:00:00Z",
          like_count: 12345,
          collect_count: 1500,
        },
      ]),
    }).then((r) => r.json());
    expect(imported.code).toBe(0);
    const item = await fetch(`${origin}/inner/static/content/${imported.data.items[0].post_id}`, {
      headers: { authorization: await anonymousToken() },
    }).then((r) => r.json());
    const page = await phonePage(new URL(item.data.content_link, origin).toString());
    const footer = page.getByTestId("comment-footer");
    expect(await footer.locator(".cf-count").allTextContents()).toEqual(["1.2w", "1.5k"]);
    expect(await footer.getByRole("button", { name: "点赞 1.2w" }).count()).toBe(1);
    expect(await footer.getByRole("button", { name: "收藏 1.5k" }).count()).toBe(1);
    // each count sits by its icon, inside the bar, and the two do not run into each other
    const [like, collect] = [
      await box(footer.locator(".cf-count").nth(0)),
      await box(footer.locator(".cf-count").nth(1)),
    ];
    expect(overlap(like, collect)).toBe(false);
    // and neither covers an icon's glyph
    const glyphs = [await box(footer.locator(".cf-icon svg").nth(0)), await box(footer.locator(".cf-icon svg").nth(1))];
    const send = await box(footer.getByRole("button", { name: "发送" }));
    for (const count of [like, collect]) {
      for (const glyph of glyphs) expect(overlap(count, glyph)).toBe(false);
      expect(overlap(count, send)).toBe(false);
    }
    const bar = await box(footer);
    expect(like.y).toBeGreaterThanOrEqual(bar.y);
  });

  it("R-UI-DIALOG the 收藏成功 toast leaves the open-app dialog's text and buttons uncovered", async () => {
    const article = (await demoArticles()).find((a) => a.open && !a.mp);
    if (!article) throw new Error("the demo has no open article");
    const page = await phonePage(article.url, wechatUserAgent, { own: true });
    await loginWithCode(page, `139${String(Date.now()).slice(-8)}`);
    await page.getByRole("button", { name: "收藏" }).click();
    const dialog = page.getByTestId("open-app-dialog");
    await dialog.waitFor();
    await expectToast(page, "收藏成功");
    const names = ["体验更多内容", "立即前往", "再考虑下"];
    const { toast, others } = await toastAnd(page, [
      dialog.getByText("体验更多内容"),
      ...names.slice(1).map((name) => dialog.getByRole("button", { name })),
    ]);
    for (const [i, other] of others.entries()) expect(overlap(toast, other), names[i]).toBe(false);
    await page.context().close();
  });

  it("R-FORM-1 the form's error toast leaves the first field it brings into view uncovered", async () => {
    // a form that takes answers: other browser files add closed and ended ones, listed first
    let form: string | undefined;
    for (const card of cards.filter((c) => c.content_type === "cloud_form")) {
      const html = await fetch(origin + card.content_link).then((r) => r.text());
      if (/class="primary-button form-submit"[^>]*>提交</.test(html)) form = origin + card.content_link;
      if (form) break;
    }
    if (!form) throw new Error("the demo has no form that takes answers");
    const page = await phonePage(form);
    await page.getByRole("button", { name: "提交" }).click();
    const first = page.locator(".form-field.is-invalid").first();
    // the toast and the field it brought into view and focused, as they stand together
    const { text, toast, others } = await toastAnd(page, [first], { focusInFirst: true });
    expect(text).toMatch(/^有\d+项需要修改$/);
    const field = others[0] as Box;
    expect(overlap(toast, field)).toBe(false);
    // the field is on screen, not pushed off it to make room
    expect(field.y).toBeGreaterThanOrEqual(0);
    expect(field.y + field.height).toBeLessThanOrEqual(667);
  });

  it("R-LAYOUT-3 in the mini program the back and home buttons cover neither the 打开小程序 button nor the article", async () => {
    const page = await phonePage(linkOf("mini_program"), `${wechatUserAgent} miniProgram`);
    const control = page.getByTestId("router-control");
    await control.waitFor();
    const covered = async () => {
      const bar = await box(control);
      return page.evaluate((bar) => {
        const hits: string[] = [];
        for (const element of document.querySelectorAll<HTMLElement>(
          "main h1, main p, main button, main a, main img",
        )) {
          const r = element.getBoundingClientRect();
          if (r.width === 0 || r.height === 0) continue;
          const inside =
            r.left < bar.x + bar.width && bar.x < r.right && r.top < bar.y + bar.height && bar.y < r.bottom;
          if (inside)
            hits.push(`${element.tagName.toLowerCase()}.${element.className}: ${element.textContent?.slice(0, 20)}`);
        }
        return hits;
      }, bar);
    };
    // at the top of the page and scrolled to its end, where the 打开小程序 button is
    expect(await covered()).toEqual([]);
    const open = page.getByRole("button", { name: "打开小程序" }).first();
    await open.scrollIntoViewIfNeeded();
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await page.waitForTimeout(100);
    expect(overlap(await box(control), await box(open))).toBe(false);
    expect(await covered()).toEqual([]);
  });

  it("R-UI-NAVPANEL the nav panel takes the height under the banner over a dimmed backdrop, which closes it on a tap", async () => {
    const page = await phonePage(`${origin}/davmu/share/`);
    await page.getByRole("button", { name: "打开导航" }).click();
    const panel = page.getByTestId("nav-panel");
    await panel.waitFor();
    const backdrop = page.getByTestId("nav-backdrop");
    const shade = await box(backdrop);
    expect(shade).toEqual({ x: 0, y: 56, width: 375, height: 667 - 56 });
    expect(await backdrop.evaluate((e) => getComputedStyle(e).backgroundColor)).toMatch(
      /^rgba\(0, 0, 0, 0\.[3-7]\d*\)$/,
    );
    // the whole panel can be read: what does not fit scrolls within it, down to the screen's foot
    const sheet = await box(panel);
    expect(sheet.y).toBe(56);
    const fits = await panel.evaluate((p) => p.scrollHeight <= p.clientHeight);
    if (!fits) expect(sheet.y + sheet.height).toBe(667);
    expect(sheet.y + sheet.height).toBeLessThanOrEqual(667);
    await panel.getByTestId("dark-switch").scrollIntoViewIfNeeded();
    expect(await panel.getByTestId("dark-switch").isVisible()).toBe(true);
    // a tap on the dimmed page below the panel closes it
    await page.mouse.click(187, 666);
    await expect.poll(() => panel.count()).toBe(0);
    expect(await backdrop.count()).toBe(0);
    expect(await page.getByRole("button", { name: "打开导航" }).getAttribute("aria-expanded")).toBe("false");
  });

  it("R-UI-BANNER at 375 px the banner's description is shown whole, within the banner", async () => {
    const page = await phonePage(`${origin}/davmu/share/`);
    const banner = page.getByTestId("open-app-banner");
    // the server draws it hidden; the page's start-up shows it once the browser is idle (decision 056)
    await banner.waitFor({ state: "visible" });
    const description = banner.locator(".banner-desc");
    expect(await description.textContent()).toBe("打开江澜新闻App，阅读更多本地好新闻");
    // (a pixel of the glyphs' ascent may stand out of the line box without hiding any text)
    const cut = await description.evaluate((d) => d.scrollHeight > d.clientHeight + 1 || d.scrollWidth > d.clientWidth);
    expect(cut).toBe(false);
    const [text, bar] = [await box(description), await box(banner)];
    expect(text.y).toBeGreaterThanOrEqual(bar.y);
    expect(text.y + text.height).toBeLessThanOrEqual(bar.y + bar.height);
    // the buttons keep their place beside it
    expect(overlap(text, await box(banner.getByRole("button", { name: "登录" })))).toBe(false);
  });

  it("R-LAYOUT-3 the short video's caption and the portrait live room's chat stay above the player's native controls", async () => {
    const svideo = await phonePage(linkOf("svideo"));
    const player = await box(svideo.locator("video.svideo-player"));
    for (const part of [".svideo-title", ".svideo-summary", ".svideo-author"]) {
      const caption = await box(svideo.locator(part).first());
      expect(caption.y + caption.height, part).toBeLessThanOrEqual(player.y + player.height - nativeControlsBand);
      expect(caption.y, part).toBeGreaterThanOrEqual(player.y);
    }

    let portraits = 0;
    for (const card of cards.filter((c) => c.content_type === "local_live")) {
      const page = await phonePage(origin + card.content_link);
      const stage = page.locator(".live-stage.is-portrait");
      if ((await stage.count()) === 0) continue;
      portraits += 1;
      const video = await box(stage);
      const chat = page.locator(".live-chat.is-overlay");
      await chat.waitFor();
      const lines = chat.locator(".chat-item, .chat-empty");
      await lines.first().waitFor();
      for (let n = 0; n < (await lines.count()); n++) {
        const line = await box(lines.nth(n));
        if (line.height === 0) continue;
        expect(line.y + line.height, `line ${n}`).toBeLessThanOrEqual(video.y + video.height - nativeControlsBand);
      }
    }
    expect(portraits).toBeGreaterThan(0);
  });
});
