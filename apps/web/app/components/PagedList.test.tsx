import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import type { RelatedCard } from "../model/article.ts";
import { PagedList } from "./PagedList.tsx";

const card = (n: number): RelatedCard => ({
  id: `c${n}`,
  title: `卡片 ${n}`,
  href: `/news/doc/2026/11/c${n}/index.html`,
  source: "江澜新闻",
  time: "1小时前",
  views: "1.2万",
  thumb: `/media/covers/article-0${n}.jpg`,
  contentType: "article",
  tag: null,
  duration: "",
  picNum: 0,
  opensPopup: false,
});

async function render(variant: "card" | "fly"): Promise<string> {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        Component: () => (
          <PagedList initial={{ cards: [card(1), card(2), card(3)], hasMore: false }} page={1} variant={variant} />
        ),
      },
    ],
    { initialEntries: ["/"] },
  );
  await router.initialize();
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("fly-card list", () => {
  it("loads the first cover at once and first (the page's largest paint), the others lazily", async () => {
    const covers = (await render("fly")).match(/<img class="fly-card-cover"[^>]*>/g) ?? [];
    expect(covers).toHaveLength(3);
    expect(covers[0]).toContain('loading="eager"');
    expect(covers[0]).toContain('fetchPriority="high"');
    for (const cover of covers.slice(1)) {
      expect(cover).toContain('loading="lazy"');
      expect(cover).not.toContain("fetchPriority");
    }
  });

  it("keeps the thumbnails of a plain card list lazy", async () => {
    const thumbs = (await render("card")).match(/<img class="card-thumb"[^>]*>/g) ?? [];
    expect(thumbs).toHaveLength(3);
    for (const thumb of thumbs) expect(thumb).toContain('loading="lazy"');
  });
});
