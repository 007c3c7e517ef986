import { demoCards, hydrated, phoneContext, shot, wechatUserAgent } from "@davmu/test-support/browser";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { logInThroughPopup, loginThroughApi as login } from "./accounts.ts";
import { axeViolations } from "./content-pages.ts";
import { connectBrowser, site } from "./setup/site.ts";

const origin = site.origin;

import { editorHeaders } from "./editor-session.ts";

/**
 * Every page gets a WebSocket that can be blocked (then it points at a closed port, as a proxy that
 * refuses upgrades would), and that records the frames the page sends and the sockets it opened.
 */
const socketProbe = `(() => {
  const Native = window.WebSocket;
  const probe = { sockets: [], sent: [], blocked: ${"BLOCKED"} };
  window.__ws = probe;
  function Probed(url, protocols) {
    const socket = new Native(probe.blocked ? "ws://127.0.0.1:9/blocked" : url, protocols);
    probe.sockets.push(socket);
    const send = socket.send.bind(socket);
    socket.send = (data) => { probe.sent.push(String(data)); send(data); };
    return socket;
  }
  Probed.prototype = Native.prototype;
  Object.assign(Probed, { CONNECTING: 0, OPEN: 1, CLOSING: 2, CLOSED: 3 });
  window.WebSocket = Probed;
})();`;

interface Probe {
  sockets: WebSocket[];
  sent: string[];
  blocked: boolean;
}
declare global {
  interface Window {
    __ws: Probe;
  }
}

async function json(path: string, init: RequestInit = {}) {
  return (await fetch(origin + path, init)).json();
}

async function visitor(
  browser: Browser,
  options: {
    user?: { token: string; userId: string };
    blocked?: boolean;
    size?: { width: number; height: number };
  } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = options.size
    ? await browser.newContext({
        viewport: options.size,
        deviceScaleFactor: 2,
        isMobile: true,
        hasTouch: true,
        userAgent: wechatUserAgent,
        locale: "zh-CN",
      })
    : await phoneContext(browser);
  await context.addInitScript(socketProbe.replace("BLOCKED", options.blocked ? "true" : "false"));
  if (options.user) {
    const { token, userId } = options.user;
    await context.addInitScript(
      ([t, u]) => {
        localStorage.setItem("token", t as string);
        localStorage.setItem("user_id", u as string);
      },
      [token, userId],
    );
  }
  return { context, page: await context.newPage() };
}

/** The seqs of the messages a page's chat list shows, in order. */
const seqs = (page: Page) =>
  page.locator(".live-room .chat-item").evaluateAll((items) => items.map((li) => Number(li.getAttribute("data-seq"))));

const chatMode = (page: Page) => page.locator(".live-chat").getAttribute("data-mode");

let rooms: Record<"marathon" | "ginkgo" | "market" | "concert" | "museum", { id: string; url: string }>;

function findRooms(cards: Awaited<ReturnType<typeof demoCards>>) {
  const by = (title: string) => {
    const card = cards.find(
      (c) => (c.content_type === "local_live" || c.content_type === "live") && c.title.includes(title),
    );
    if (!card) throw new Error(`no demo live titled ${title}`);
    return { id: card.post_id, url: new URL(card.content_link, origin).href };
  };
  return {
    marathon: by("马拉松全程直播"),
    ginkgo: by("银杏大道"),
    market: by("农产品展销会"),
    concert: by("冬季音乐会"),
    museum: by("博物馆新馆"),
  };
}

async function setStatus(id: string, status: number) {
  const answer = await json(`/editor/v3/live/room/${id}/status`, {
    method: "PUT",
    headers: { "content-type": "application/json", ...(await editorHeaders(origin)) },
    body: JSON.stringify({ status }),
  });
  if (answer.code !== 0) throw new Error(`status change failed: ${JSON.stringify(answer)}`);
}

describe("the live room", () => {
  let browser: Browser;
  beforeAll(async () => {
    browser = await connectBrowser();
    rooms = findRooms(await demoCards(origin));
  });
  afterAll(() => browser?.close());

  it("R-LIVE-1 R-CONTENT-10 two visitors chat; one loses its connection and resumes with every message exactly once", async () => {
    const [alice, bob] = await Promise.all([login("13900007101"), login("13900007102")]);
    const a = await visitor(browser, { user: alice });
    const b = await visitor(browser, { user: bob });
    for (const { page } of [a, b]) {
      await page.goto(rooms.marathon.url);
      await hydrated(page);
      await expect.poll(() => chatMode(page), { timeout: 10000 }).toBe("socket");
    }
    // the online count follows the room: both visitors are counted on A's page without a reload
    const onlineOf = async (page: Page) =>
      Number((await page.getByTestId("live-online").textContent())?.match(/\d+/)?.[0]);
    await expect.poll(() => onlineOf(a.page), { timeout: 8000 }).toBeGreaterThanOrEqual(2);
    // the token travels in the connect frame, never in the address
    const sentByB = await b.page.evaluate(() => window.__ws.sent.map((f) => JSON.parse(f)));
    expect(sentByB[0]).toEqual({ type: "connect", token: bob.token });
    expect(await b.page.evaluate(() => window.__ws.sockets[0]?.url)).not.toContain(bob.token);

    await a.page.locator(".chat-input").fill("A：起点人好多");
    await a.page.getByRole("button", { name: "发送" }).click();
    await expect
      .poll(() => b.page.locator(".chat-text").allTextContents(), { timeout: 8000 })
      .toContain("A：起点人好多");
    const before = await seqs(b.page);

    // B loses its connection: its sockets close and neither socket nor polling gets through for a while
    await b.page.route(/\/peony\/v3\/live\/chat\/[^/?]+\?/, (route) => route.abort());
    await b.page.evaluate(() => {
      window.__ws.blocked = true;
      for (const s of window.__ws.sockets) s.close();
    });
    for (const text of ["A：第一集团过桥了", "A：补给站到了", "A：太阳出来了"]) {
      await a.page.locator(".chat-input").fill(text);
      await a.page.getByRole("button", { name: "发送" }).click();
      await expect.poll(() => a.page.locator(".chat-text").allTextContents(), { timeout: 8000 }).toContain(text);
    }
    await b.page.waitForTimeout(1500);
    expect(await seqs(b.page)).toEqual(before);
    // the socket comes back first (the chat call stays blocked): it resumes from the last seq B had,
    // and the server sends exactly what B missed
    await b.page.evaluate(() => {
      window.__ws.blocked = false;
    });
    const expected = await seqs(a.page);
    await expect.poll(() => seqs(b.page), { timeout: 20000 }).toEqual(expected);
    const last = before[before.length - 1];
    const subscribes = await b.page.evaluate(() =>
      window.__ws.sent.map((f) => JSON.parse(f)).filter((f) => f.type === "subscribe"),
    );
    expect(subscribes.map((f) => f.since)).toContain(last);
    expect(await chatMode(b.page)).toBe("socket");
    await b.page.unroute(/\/peony\/v3\/live\/chat\/[^/?]+\?/);
    // every message once and in order; B shows what A shows (a message an editor removed from the
    // room, in another test on this server, leaves a gap in the numbers on both pages)
    const shown = await seqs(b.page);
    expect(new Set(shown).size).toBe(shown.length);
    for (let i = 1; i < shown.length; i++) expect(shown[i]).toBeGreaterThan(shown[i - 1] ?? 0);
    expect(shown).toEqual(await seqs(a.page));

    // likes: five quick taps are sent in aggregate (at most a request a second), hearts drawn.
    // The spacing is what the page controls: when it calls fetch, read in the page. The browser's
    // network timing of the same requests can start one late and the next on time on a busy machine.
    await b.page.evaluate(() => {
      const calls: number[] = [];
      (window as unknown as { __likeCalls: number[] }).__likeCalls = calls;
      const original = window.fetch;
      window.fetch = (input, init) => {
        const url = typeof input === "string" ? input : input instanceof URL ? input.href : input.url;
        if ((init?.method ?? "GET").toUpperCase() === "POST" && /\/live\/room\/[^/]+\/like$/.test(url))
          calls.push(Date.now());
        return original(input, init);
      };
    });
    const likes: { count: number; msg_id: string }[] = [];
    b.page.on("requestfinished", (r) => {
      if (r.method() === "POST" && /\/live\/room\/[^/]+\/like$/.test(r.url()))
        likes.push(JSON.parse(r.postData() ?? "{}"));
    });
    const tapping = Date.now();
    for (let i = 0; i < 5; i++) await b.page.getByTestId("live-like").click();
    const tapped = Date.now() - tapping;
    expect(await b.page.locator(".live-heart").count()).toBeGreaterThan(0);
    await expect.poll(() => likes.reduce((sum, l) => sum + l.count, 0), { timeout: 5000 }).toBe(5);
    // at most one request a second while tapping, and the last taps' after it: two when the five taps
    // take under a second, one more for each further second they take on a busy machine
    expect(likes.length).toBeLessThanOrEqual(Math.ceil(tapped / 1000) + 1);
    const calls = await b.page.evaluate(() => (window as unknown as { __likeCalls: number[] }).__likeCalls);
    expect(calls.length).toBe(likes.length);
    // (a few ms' leeway: the page reads the clock for its spacing just before this record reads it)
    for (let i = 1; i < calls.length; i++) expect((calls[i] ?? 0) - (calls[i - 1] ?? 0)).toBeGreaterThanOrEqual(995);
    expect(new Set(likes.map((l) => l.msg_id)).size).toBe(likes.length);

    expect(await axeViolations(b.page)).toEqual([]);
    expect(await b.page.locator(".chat-list").getAttribute("aria-live")).toBe("polite");
    await a.context.close();
    await b.context.close();
  }, 90_000);

  it("R-LIVE-1 when WebSocket is blocked the page polls the chat every 3 s and shows new messages", async () => {
    const carol = await login("13900007103");
    const c = await visitor(browser, { blocked: true });
    await c.page.goto(rooms.marathon.url);
    await hydrated(c.page);
    await expect.poll(() => chatMode(c.page), { timeout: 10000 }).toBe("polling");
    expect(await c.page.locator(".chat-mode").textContent()).toBe("实时连接不可用，正在定时刷新");
    const sent = await json(`/peony/v3/live/chat/${rooms.marathon.id}/send_msg`, {
      method: "POST",
      headers: { "content-type": "application/json", authorization: carol.token },
      body: JSON.stringify({ content: "C：轮询也能看到我" }),
    });
    expect(sent.code).toBe(0);
    await expect
      .poll(() => c.page.locator(".chat-text").allTextContents(), { timeout: 8000 })
      .toContain("C：轮询也能看到我");
    await c.context.close();
  }, 60_000);

  it("R-CONTENT-10 R-LIVE-3 booking needs login; a booked live offers the .ics reminder and is in the booking list", async () => {
    const v = await visitor(browser);
    const page = v.page;
    await page.goto(rooms.concert.url);
    await hydrated(page);
    const book = page.getByTestId("live-booking");
    await expect.poll(() => book.isEnabled(), { timeout: 10000 }).toBe(true);
    await book.click();
    // not logged in: the login popup of the comment footer's flow
    await logInThroughPopup(page, "13900007104");
    await book.click();
    await expect.poll(() => book.textContent(), { timeout: 8000 }).toBe("已预约");
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByTestId("live-reminder").click()]);
    // the browser runs apart from this process: the file is read through its stream, not a path
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const ics = Buffer.concat(chunks).toString("utf8");
    expect(download.suggestedFilename()).toMatch(/\.ics$/);
    expect(ics).toContain("BEGIN:VEVENT");
    expect(ics).toContain("TRIGGER:-PT10M");
    expect(ics.replace(/\r\n /g, "")).toContain("冬季音乐会");
    await page.getByRole("button", { name: "我的预约" }).click();
    const sheet = page.getByTestId("booking-sheet");
    await expect
      .poll(() => sheet.locator(".booking-title").allTextContents(), { timeout: 8000 })
      .toContain("直播预告｜澜江之夜·冬季音乐会");
    expect(await axeViolations(page)).toEqual([]);
    await page.getByRole("button", { name: "关闭" }).click();
    // after a reload the booked state comes from the visitor's own answer; un-booking works too
    await page.reload();
    await hydrated(page);
    await expect.poll(() => book.textContent(), { timeout: 8000 }).toBe("已预约");
    await book.click();
    await expect.poll(() => book.textContent(), { timeout: 8000 }).toBe("预约直播");
    await v.context.close();
  }, 90_000);

  it("R-WEB-A11Y R-ENT-LIVE the room before, during and after a live, on portrait and landscape phones", async () => {
    const sizes = { portrait: { width: 375, height: 667 }, landscape: { width: 667, height: 375 } };
    const pages: [string, string][] = [
      ["before", rooms.concert.url],
      ["during", rooms.marathon.url],
      ["during-portrait-stream", rooms.ginkgo.url],
      ["during-image-text", rooms.market.url],
      ["after", rooms.museum.url],
    ];
    for (const [orientation, size] of Object.entries(sizes)) {
      // one phone going from room to room
      const v = await visitor(browser, { size });
      for (const [moment, url] of pages) {
        await v.page.goto(url);
        await hydrated(v.page);
        await v.page.waitForLoadState("networkidle").catch(() => {});
        // the title is never under the player
        const title = await v.page.locator(".live-title").boundingBox();
        const stage = (await v.page.locator(".live-stage").count())
          ? await v.page.locator(".live-stage").boundingBox()
          : null;
        expect(title, moment).not.toBeNull();
        if (title && stage) {
          const overlaps = title.y < stage.y + stage.height && stage.y < title.y + title.height;
          expect(overlaps, `${moment} ${orientation}: title and player overlap`).toBe(false);
        }
        if (moment === "during-image-text") {
          // an image-text live with a room: its posts are the first tab, beside the chat
          expect(await v.page.locator("[data-screen]").getAttribute("data-screen")).toBe("ImageScreen");
          expect(await v.page.getByRole("tab").allTextContents()).toEqual(["图文直播", "互动", "简介"]);
          expect(await v.page.locator(".live-timeline li").count()).toBeGreaterThan(0);
        }
        if (orientation === "portrait") expect(await axeViolations(v.page), moment).toEqual([]);
        await shot(v.page, `live-room/live-${moment}-${orientation}`);
      }
      await v.context.close();
    }
  }, 120_000);

  it("R-LIVE-3 the countdown turns into the player when the live begins, without a reload (last: the concert stays live)", async () => {
    const v = await visitor(browser);
    await v.page.goto(rooms.concert.url);
    await hydrated(v.page);
    await v.page.getByTestId("live-countdown").waitFor();
    await expect.poll(() => v.page.locator(".live-countdown-clock b").count(), { timeout: 8000 }).toBeGreaterThan(2);
    expect(await v.page.locator("video").count()).toBe(0);
    expect(await axeViolations(v.page)).toEqual([]);
    await expect.poll(() => chatMode(v.page), { timeout: 10000 }).toBe("socket");
    await v.page.evaluate(() => {
      (window as unknown as { notReloaded: boolean }).notReloaded = true;
    });
    // the live begins (the editors' call; the run's database is its own, so the concert stays live)
    await setStatus(rooms.concert.id, 1);
    await v.page.locator(".live-stage video").waitFor({ timeout: 10000 });
    expect(await v.page.getByTestId("live-status").textContent()).toBe("直播中");
    expect(await v.page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(await v.page.getByTestId("live-countdown").count()).toBe(0);
    await v.context.close();
  }, 60_000);
});
