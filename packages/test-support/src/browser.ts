import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";

/** Debian's Chromium, headless; test tools may not download browsers of their own here. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * Debian's build of Chromium's headless shell, the same version as its Chromium: the same Blink and
 * V8 without the browser's own window, at about a third of the CPU per browser, context and page
 * (decision 066). The browser files run in it; what needs the whole browser (the back/forward cache,
 * Lighthouse, screenshots to look at) starts Chromium.
 */
export const headlessShellPath = process.env.CHROMIUM_HEADLESS_SHELL_PATH ?? "/usr/bin/chromium-headless-shell";

/**
 * WeChat for Android as most readers have it: its web view says `Process/toolsmp` (a word isbot's list
 * alone takes for a robot's). A real one, from matomo-org/device-detector's Tests/fixtures/smartphone-29.yml
 * (packages/contracts/src/user-agent-corpus.json).
 */
export const wechatUserAgent =
  "Mozilla/5.0 (Linux; Android 12; LGE-AN10 Build/HONORLGE-AN10; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/86.0.4240.99 XWEB/3211 MMWEBSDK/20220303 Mobile Safari/537.36 MMWEBID/7223 MicroMessenger/8.0.21.2120(0x2800153B) Process/toolsmp WeChat/arm64 Weixin NetType/5G Language/zh_CN ABI/arm64";
/** WeChat on an iPhone, for what only iOS does. */
export const wechatIosUserAgent =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.44(0x18002c2c) NetType/WIFI Language/zh_CN";
export const desktopUserAgent =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/**
 * Parts of the browser's own window that no test uses. Chromium 156 preloads the omnibox popup's
 * WebUI in a renderer of its own for every window, that is for every context a test opens, even
 * headless: about 0.55 CPU-seconds a context measured here, more than the page under test, and with
 * it the browser process's own share of the window.
 */
const unusedBrowserFeatures = ["WebUIOmniboxPopup", "WebUIOmniboxAimPopup"];

let playwrightDisabledFeatures: Promise<string> | undefined;

/**
 * The features Playwright switches off. Chromium reads only the last `--disable-features`, so ours
 * must carry Playwright's list too. Read once from a browser server's spawn arguments (a public API)
 * and kept in the temp folder per Playwright version, since each test file is a process of its own.
 */
function defaultDisabledFeatures(): Promise<string> {
  playwrightDisabledFeatures ??= (async () => {
    const version = createRequire(import.meta.url)("playwright-core/package.json").version as string;
    const kept = join(tmpdir(), `davmu-playwright-${version}-disabled-features.txt`);
    if (existsSync(kept)) return readFileSync(kept, "utf8");
    const server = await chromium.launchServer({
      executablePath: chromiumPath,
      headless: true,
      args: ["--no-sandbox"],
    });
    const list =
      server
        .process()
        .spawnargs.find((arg) => arg.startsWith("--disable-features="))
        ?.slice("--disable-features=".length) ?? "";
    await server.close();
    // written whole under another name, then renamed: a file starting beside it never reads half a list
    const partial = `${kept}.${process.pid}`;
    writeFileSync(partial, list);
    renameSync(partial, kept);
    return list;
  })();
  return playwrightDisabledFeatures;
}

/** How the tests start Chromium: Debian's, headless, without what no test uses. */
export async function browserLaunchOptions(
  options: { ignoreDefaultArgs?: string[]; headlessShell?: boolean } = {},
): Promise<NonNullable<Parameters<typeof chromium.launch>[0]>> {
  const executablePath = options.headlessShell ? headlessShellPath : chromiumPath;
  if (!existsSync(executablePath)) {
    const [name, variable] = options.headlessShell
      ? ["chromium-headless-shell", "CHROMIUM_HEADLESS_SHELL_PATH"]
      : ["chromium", "CHROMIUM_PATH"];
    throw new Error(`${name} not found at ${executablePath}: apt-get install -y ${name} (or set ${variable})`);
  }
  const disabled = [await defaultDisabledFeatures(), ...unusedBrowserFeatures].filter(Boolean).join(",");
  return {
    executablePath,
    headless: true,
    ignoreDefaultArgs: options.ignoreDefaultArgs,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      `--disable-features=${disabled}`,
    ],
  };
}

export async function launchBrowser(
  options: { ignoreDefaultArgs?: string[]; headlessShell?: boolean } = {},
): Promise<Browser> {
  return chromium.launch(await browserLaunchOptions(options));
}

/**
 * A phone in WeChat: 375×667, touch, WeChat for Android's user agent unless another is given. The page's
 * `navigator.userAgent` is pinned to it as well: Chromium's emulation now and then leaves a document
 * reached through a server redirect with the browser's own desktop user agent (about one in eighty
 * such navigations here), which a real phone never does, and the page then takes itself for a desktop.
 */
export async function phoneContext(
  browser: Browser,
  options: { javaScriptEnabled?: boolean; userAgent?: string; serviceWorkers?: "allow" | "block" } = {},
): Promise<BrowserContext> {
  const userAgent = options.userAgent ?? wechatUserAgent;
  const context = await browser.newContext({
    viewport: { width: 375, height: 667 },
    deviceScaleFactor: 2,
    isMobile: true,
    hasTouch: true,
    userAgent,
    locale: "zh-CN",
    javaScriptEnabled: options.javaScriptEnabled ?? true,
    serviceWorkers: options.serviceWorkers ?? "allow",
  });
  await context.addInitScript((ua: string) => {
    Object.defineProperty(Navigator.prototype, "userAgent", { configurable: true, get: () => ua });
  }, userAgent);
  return context;
}

export function desktopContext(browser: Browser): Promise<BrowserContext> {
  return browser.newContext({ viewport: { width: 1280, height: 800 }, userAgent: desktopUserAgent, locale: "zh-CN" });
}

/** The share link of a demo article, taken from the home page's list as a visitor would. */
export async function firstArticleLink(page: Page, origin: string): Promise<string> {
  // a page at a desktop's size is sent on to /pc as it starts, cutting the next page's load short
  if ((page.viewportSize()?.width ?? 0) > 600)
    throw new Error("firstArticleLink reads the list as a phone: give it a phone's page");
  // the first article (doc) card: the home list mixes every content type, newest first, and other
  // test files publish items of their own, so the first article may be on a later page (加载更多's link)
  for (let n = 1; n <= 5; n++) {
    await page.goto(`${origin}/davmu/share/${n === 1 ? "" : `?page=${n}`}`);
    const card = page.locator('.card-link[href*="/doc/"]').first();
    if ((await card.count()) === 0) continue;
    const href = await card.getAttribute("href");
    if (href) return origin + href;
  }
  throw new Error("the home page's first five pages list no article");
}

/** A demo item as the content list gives it. */
export interface DemoCard {
  post_id: string;
  content_type: string;
  title: string;
  content_link: string;
}

/** The demo items of every type, from the content list an anonymous visitor's token reads. */
export async function demoCards(origin: string): Promise<DemoCard[]> {
  const auth = await fetch(`${origin}/peony/v1/auth`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ appid: 1, platform: "mobile" }),
  }).then((r) => r.json());
  const list = await fetch(`${origin}/peony/v1/content?pagesize=50`, {
    headers: { authorization: auth.data.token },
  }).then((r) => r.json());
  return list.data.list as DemoCard[];
}

/** Waits until the page's island loader runs, so its controls answer, held taps included (`<html data-hydrated>`). */
export async function hydrated(page: Page): Promise<void> {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}

/**
 * Where the browser tests' screenshots go, to be looked at: the folder named by `E2E_SHOTS`, one
 * subfolder per area (`E2E_SHOTS=/tmp/shots npm run test:e2e`). Unset, as in `npm test`, none is
 * taken: they assert nothing, and encoding a hundred-odd PNGs a run costs the suite CPU.
 */
export const shotsDir = process.env.E2E_SHOTS || null;

/** A screenshot of a page or an element as `<area>/<name>.png` under `E2E_SHOTS`, when it is set. */
export async function shot(
  target: Pick<Page, "screenshot"> | Pick<Locator, "screenshot">,
  name: string,
  options: { fullPage?: boolean } = {},
): Promise<void> {
  if (!shotsDir) return;
  const path = join(shotsDir, `${name}.png`);
  mkdirSync(dirname(path), { recursive: true });
  await target.screenshot({ path, ...options });
}
