import { afterEach, describe, expect, it, vi } from "vitest";

const trackEvent = vi.fn();
vi.mock("../tracking/tracker.ts", () => ({ trackEvent }));

const { reportOpenApp } = await import("./open-app-report.ts");

function pageWithPost(postId: string | null) {
  const sent: { url: string; body: string }[] = [];
  vi.stubGlobal("navigator", {
    userAgent: "Mozilla/5.0 (iPhone; CPU iPhone OS 12_4 like Mac OS X) MicroMessenger/8.0",
  });
  vi.stubGlobal("document", {
    querySelector: (selector: string) =>
      selector === 'meta[name="davmu:post-id"]' && postId !== null ? { getAttribute: () => postId } : null,
  });
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, body: String(init.body) });
      return new Response("{}");
    }),
  );
  return sent;
}

afterEach(() => {
  vi.unstubAllGlobals();
  trackEvent.mockReset();
});

describe("open-app outcomes", () => {
  it("R-SHARE-3 R-STATS-1 each step's outcome is counted and tracked on the page's item", async () => {
    const sent = pageWithPost("AbCdEfGh");
    reportOpenApp("", "wechat_tag", "fell_back");
    expect(sent).toEqual([
      {
        url: "/inner/open-app/outcome",
        body: JSON.stringify({ step: "wechat_tag", outcome: "fell_back", platform: "ios", in_wechat: true }),
      },
    ]);
    await vi.waitFor(() =>
      expect(trackEvent).toHaveBeenCalledWith("open_app", "AbCdEfGh", { outcome: "wechat_tag_fell_back" }),
    );
  });

  it("R-SHARE-3 a page without an item (home, lists) is counted but tracks nothing", async () => {
    const sent = pageWithPost(null);
    reportOpenApp("https://api.example.cn", "download", "tried");
    expect(sent[0]?.url).toBe("https://api.example.cn/inner/open-app/outcome");
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(trackEvent).not.toHaveBeenCalled();
  });
});
