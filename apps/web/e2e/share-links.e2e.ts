import { desktopUserAgent, phoneContext, wechatUserAgent } from "@davmu/test-support/browser";
import { describe, expect, it } from "vitest";
import { axePath, axeViolations } from "./content-pages.ts";
import { connectBrowser, site } from "./setup/site.ts";

/**
 * Every link the API hands out for a content item, followed as a visitor's browser would: plain
 * requests (no browser per link), redirects taken one by one, against the built product.
 */
const origin = site.origin;
const editorApiKey = site.editorApiKey;

interface Answer<T> {
  code: number;
  msg: string;
  data: T;
}
interface Card {
  post_id: string;
  content_type: string;
  content_link: string;
}
interface Item extends Card {
  share_link: string;
  relations: Card[];
}

/** A link and the call that handed it out, named in failures. */
interface Handed {
  link: string;
  from: string;
}

async function api<T>(path: string, token: string): Promise<T> {
  const answer = (await fetch(origin + path, { headers: { authorization: token } }).then((r) => r.json())) as Answer<T>;
  if (answer.code !== 0) throw new Error(`${path}: ${answer.code} ${answer.msg}`);
  return answer.data;
}

/** Where following a link ends: the status, the addresses passed through, and why it stopped. */
async function follow(link: string, userAgent: string) {
  const chain: string[] = [];
  let url = new URL(link, origin).href;
  for (;;) {
    chain.push(url);
    const response = await fetch(url, { redirect: "manual", headers: { "user-agent": userAgent } });
    await response.arrayBuffer();
    const location = response.headers.get("location");
    if (response.status < 300 || response.status >= 400 || !location) {
      return { status: response.status, type: response.headers.get("content-type") ?? "", chain };
    }
    url = new URL(location, url).href;
    // a loop, or a chain a browser would give up on long before
    if (chain.includes(url) || chain.length > 5) return { status: response.status, type: "", chain: [...chain, url] };
  }
}

/** A few at a time: the server renders each page, on a machine the other test files share. */
async function inTurns<T, R>(items: readonly T[], width: number, work: (item: T) => Promise<R>): Promise<R[]> {
  const results: R[] = new Array(items.length);
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const i = next++;
      results[i] = await work(items[i] as T);
    }
  };
  await Promise.all(Array.from({ length: width }, worker));
  return results;
}

describe("share links in the field", () => {
  it("R-FIELD-2 every share_link and content_link of every demo item opens a 200 page within 2 redirects, never a loop", async () => {
    // the demo has no `link` item: one as editors import it, its address a page of this site
    const imported = (await fetch(`${origin}/editor/v1/contents`, {
      method: "POST",
      headers: { "content-type": "application/json", "x-api-key": editorApiKey },
      body: JSON.stringify([
        {
          external_id: "e2e-field-link",
          content_type: "link",
          title: "江澜市民服务热线一览",
          publish_at: "2026-11-01T00:00:00Z",
          payload: { url: "/davmu/share/" },
        },
      ]),
    }).then((r) => r.json())) as Answer<unknown>;
    expect(imported.code).toBe(0);

    const auth = (await fetch(`${origin}/peony/v1/auth`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ appid: 1, platform: "mobile" }),
    }).then((r) => r.json())) as Answer<{ token: string }>;
    const token = auth.data.token;

    // every item, page by page, as the content list gives them
    const cards: Card[] = [];
    for (let page = 1; ; page++) {
      const list = await api<{ list: Card[]; total: number }>(`/peony/v1/content?pagesize=50&pageindex=${page}`, token);
      cards.push(...list.list);
      if (list.list.length === 0 || cards.length >= list.total) break;
    }
    const handed: Handed[] = [];
    const hand = (link: string | undefined, from: string) => {
      expect(typeof link === "string" && link.length > 0, `${from} hands out no link`).toBe(true);
      handed.push({ link: link as string, from });
    };
    for (const card of cards) hand(card.content_link, `content list, ${card.content_type} ${card.post_id}`);

    // each item as its own call gives it: the share link, its own link and its related items'
    await inTurns(cards, 4, async (card) => {
      const id = card.post_id;
      if (card.content_type === "special") {
        const special = await api<{ share_link: string }>(
          `/inner/special?gid=${id}&pageindex=1&pagesize=50&batch_size=50&page_offset=0`,
          token,
        );
        hand(special.share_link, `special ${id}`);
      }
      const calls = [`/inner/static/content/${id}`];
      // a media account's item is also read through the media-account call (actor mp)
      if (card.content_link.includes("/mp/")) calls.push(`/dinner/content/${id}`);
      for (const call of calls) {
        const item = await api<Item>(call, token);
        hand(item.share_link, `${call} share_link`);
        hand(item.content_link, `${call} content_link`);
        for (const related of item.relations) hand(related.content_link, `${call} relations ${related.post_id}`);
      }
      if (card.content_type === "audio_album" || card.content_type === "video_album") {
        const series = card.content_type === "audio_album" ? "audio" : "video";
        const tracks = await api<{ list: Card[] }>(`/inner/v3/album/${series}/${id}?limit=30`, token);
        for (const track of tracks.list) hand(track.content_link, `${series} album ${id} track ${track.post_id}`);
      }
    });
    for (const [call, name] of [
      ["/inner/static/hot72", "hot list"],
      ["/peony/v1/recommend?page=1&size=10", "recommended list"],
    ] as const) {
      for (const card of (await api<{ list: Card[] }>(call, token)).list) hand(card.content_link, name);
    }

    // every content type of the demo, and the imported link, was walked
    const types = new Set(cards.map((c) => c.content_type));
    for (const type of [
      "article",
      "video",
      "svideo",
      "audio",
      "image",
      "h5",
      "link",
      "mini_program",
      "local_live",
      "live",
      "cloud_form",
      "video_album",
      "audio_album",
      "special",
    ]) {
      expect(types, `no item of type ${type}`).toContain(type);
    }

    // a phone in WeChat, where shared links are opened, and a desktop browser (sent to the /pc frame)
    const unique = [...new Map(handed.map((h) => [new URL(h.link, origin).href, h])).values()];
    const walks = unique.flatMap((h) => [wechatUserAgent, desktopUserAgent].map((userAgent) => ({ ...h, userAgent })));
    const ends = await inTurns(walks, 4, async (walk) => ({ ...walk, end: await follow(walk.link, walk.userAgent) }));
    const failures = ends
      .filter(({ end }) => end.status !== 200 || end.chain.length > 3 || !end.type.startsWith("text/html"))
      .map(
        ({ link, from, userAgent, end }) =>
          `${link} (${from}, ${userAgent === wechatUserAgent ? "WeChat" : "desktop"}): ${end.status} after ${end.chain.join(" → ")}`,
      );
    expect(failures).toEqual([]);
    // the h5 item's share link is a page of its own, at once, framing its address (which its cards open in the popup)
    const h5 = cards.find((c) => c.content_type === "h5") as Card;
    const h5Item = await api<Item & { payload: { url: string } }>(`/inner/static/content/${h5.post_id}`, token);
    const h5Share = ends.find(
      (e) => new URL(e.link, origin).href === h5Item.share_link && e.userAgent === wechatUserAgent,
    );
    expect(h5Share?.end.chain).toEqual([h5Item.share_link]);
    const h5Page = await fetch(h5Item.share_link, { headers: { "user-agent": wechatUserAgent } }).then((r) => r.text());
    expect(h5Page).toContain(`<iframe class="link-page-frame" src="${h5Item.payload.url}"`);
    expect(ends.length).toBeGreaterThan(2 * cards.length);
  });

  it.runIf(axePath !== null)(
    "R-FIELD-2 R-WEB-A11Y the h5 item's share page shows its page in a frame, with a link that opens it, and no axe violations",
    async () => {
      const auth = (await fetch(`${origin}/peony/v1/auth`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ appid: 1, platform: "mobile" }),
      }).then((r) => r.json())) as Answer<{ token: string }>;
      const list = await api<{ list: Card[] }>("/peony/v1/content?pagesize=50", auth.data.token);
      const h5 = list.list.find((c) => c.content_type === "h5") as Card;
      const item = await api<Item & { title: string; payload: { url: string } }>(
        `/inner/static/content/${h5.post_id}`,
        auth.data.token,
      );
      const browser = await connectBrowser();
      try {
        const context = await phoneContext(browser);
        const page = await context.newPage();
        const response = await page.goto(item.share_link);
        expect(response?.status()).toBe(200);
        expect(await page.locator("h1").textContent()).toBe(item.title);
        const frame = page.locator("iframe.link-page-frame");
        expect(await frame.getAttribute("src")).toBe(item.payload.url);
        // the framed page itself arrives (the site's policy and the page's own let it be framed)
        await expect
          .poll(async () => (await page.frameLocator("iframe.link-page-frame").locator("body").textContent()) ?? "")
          .toContain("号线");
        expect(await page.getByRole("link", { name: "打开页面" }).getAttribute("href")).toBe(item.payload.url);
        expect(await axeViolations(page)).toEqual([]);
      } finally {
        await browser.close();
      }
    },
  );
});
