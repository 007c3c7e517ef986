/**
 * Phone screenshots (375×667, WeChat user agent) of the running site's pages, for a visual check.
 * Usage: node scripts/screenshots.ts [origin] [out-dir]   (defaults: http://localhost:3000, /tmp/davmu-shots)
 * The pages beyond the content types (community columns, tips, forms, activity, invitation, /auth,
 * /bar) are found through the API; their public ids need the server's HASHID_SALT (the development
 * salt unless the environment names another). Each is shot in light and in dark (`<name>-light.png`).
 */
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { developmentHashidSalt } from "@davmu/config/schema";
import { otherDemoPaths } from "@davmu/demo/demo-paths";
import { demoCards, desktopContext, firstArticleLink, launchBrowser, phoneContext } from "@davmu/test-support/browser";

const origin = process.argv[2] ?? "http://localhost:3000";
const out = process.argv[3] ?? "/tmp/davmu-shots";
mkdirSync(out, { recursive: true });

const browser = await launchBrowser();
try {
  const context = await phoneContext(browser);
  const page = await context.newPage();
  const article = await firstArticleLink(page, origin);
  // one share link per content type, from the content list
  const items = await demoCards(origin);
  const linkOf = (type: string, nth = 0) =>
    origin + (items.filter((i) => i.content_type === type)[nth]?.content_link ?? "");
  const typeShots: Array<[string, string, (() => Promise<void>)?]> = [
    ["video", linkOf("video")],
    ["video-lists", linkOf("video"), async () => void (await page.getByTestId("hot-list").scrollIntoViewIfNeeded())],
    ["svideo", linkOf("svideo")],
    ["audio", linkOf("audio")],
    ["audio-album", linkOf("audio_album")],
    ["video-album", linkOf("video_album")],
    ["gallery", linkOf("image")],
    ["mini-program", linkOf("mini_program")],
    ["special", linkOf("special")],
    [
      "special-groups",
      linkOf("special"),
      async () => {
        await page.getByRole("button", { name: /展开全部/ }).click();
        await page.getByTestId("special-group").nth(1).scrollIntoViewIfNeeded();
      },
    ],
    ["link-popup", linkOf("special"), async () => void (await page.getByTestId("link-card").first().click())],
    ...items
      .filter((i) => i.content_type === "local_live")
      .map((i, n): [string, string] => [`local-live-${n + 1}`, origin + i.content_link]),
  ];
  const shots: Array<[string, string, (() => Promise<void>)?]> = [
    ["home", `${origin}/davmu/share/`],
    ["article", article],
    ["article-full", article],
    ["dialog", article, async () => void (await page.getByRole("button", { name: "打开App" }).click())],
    ["nav-panel", article, async () => void (await page.getByRole("button", { name: "打开导航" }).click())],
    ["comments", article, async () => void (await page.locator("#comments").scrollIntoViewIfNeeded())],
    [
      "replies",
      article,
      async () => {
        const toggle = page.locator(".replies-toggle").first();
        if ((await toggle.count()) === 0) return;
        await toggle.click();
        await page.locator(".replies").first().scrollIntoViewIfNeeded();
      },
    ],
    ["login", article, async () => void (await page.getByRole("button", { name: "登录" }).first().click())],
    [
      "login-password",
      article,
      async () => {
        await page.getByRole("button", { name: "登录" }).first().click();
        await page.getByRole("button", { name: "密码登录" }).click();
      },
    ],
    ["not-found", `${origin}/davmu/share/news/doc/2026/11/nope/index.html`],
    ...typeShots,
  ];
  /** The page at `url`, settled, after `act` where there is one, shot as `<file>.png`. */
  const shoot = async (file: string, url: string, act?: () => Promise<void>, fullPage = false) => {
    await page.goto(url);
    await page.waitForTimeout(800);
    if (act) {
      await act();
      await page.waitForTimeout(400);
    }
    const path = join(out, `${file}.png`);
    await page.screenshot({ path, fullPage });
    console.log(path);
  };
  for (const [name, url, act] of shots) await shoot(name, url, act, name === "article-full");
  const desktop = await desktopContext(browser);
  const pc = await desktop.newPage();
  await pc.goto(article);
  await pc.waitForTimeout(1500);
  await pc.screenshot({ path: join(out, "pc.png") });
  console.log(join(out, "pc.png"));

  // the navigation pages, in light and dark (the visitor's switch) and once in English
  const share = `${origin}/davmu/share/`;
  const navPages: Array<[string, string, (() => Promise<void>)?]> = [
    ["home-group", `${share}?group=culture`],
    ["content-model", `${share}content_model/index.html?id=nav-life&group=life`],
    ["list", `${share}list/city/index.html`],
    ["fly-card", `${share}fly_card/index.html`],
    ["search", `${share}search/index.html`],
    ["search-results", `${share}search/index.html?keyword=${encodeURIComponent("江澜")}`],
    [
      "nav-panel-settings",
      share,
      async () => void (await page.getByRole("button", { name: /打开导航|Open navigation/ }).click()),
    ],
    ["not-found-column", `${share}no-such-column/index.html`],
  ];
  const host = new URL(origin).hostname;
  /** The visitor's choice as its cookie: the dark theme, or English. */
  const choose = async (variant: "light" | "dark" | "en") => {
    await context.clearCookies();
    if (variant === "dark") await context.addCookies([{ name: "davmu_theme", value: "dark", domain: host, path: "/" }]);
    if (variant === "en") await context.addCookies([{ name: "i18n_redirected", value: "en", domain: host, path: "/" }]);
  };
  for (const variant of ["light", "dark", "en"] as const) {
    await choose(variant);
    for (const [name, url, act] of navPages) {
      if (variant === "en" && name === "not-found-column") continue;
      await shoot(`${name}-${variant}`, url, act);
    }
  }

  // every page beyond the content types, in light and in dark
  const otherPages = Object.entries(await otherDemoPaths(origin, process.env.HASHID_SALT ?? developmentHashidSalt));
  const pages: Array<[string, string]> = [
    ["home", share],
    ["article", article],
    ...typeShots.filter(([, , act]) => !act).map(([name, url]): [string, string] => [name, url]),
    ...otherPages.map(([name, path]): [string, string] => [name, origin + path]),
  ];
  for (const variant of ["light", "dark"] as const) {
    await choose(variant);
    for (const [name, url] of pages) await shoot(`page-${name}-${variant}`, url);
  }
} finally {
  await browser.close();
}
