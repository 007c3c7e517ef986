import { calls } from "@davmu/contracts/calls";
import { describe, expect, it } from "vitest";
import { scrollPercent, trackedPage, trackerPath } from "./tracker.ts";
import { isPreviewPage } from "./tracker-page.ts";

describe("the page tracker", () => {
  it("R-TRACK-1 sends to the declared beacon path under the stat base", () => {
    expect(trackerPath).toBe(calls.trackerLog.path);
  });

  it("R-TRACK-4 knows a detail page's item and content type from its address, for the page type and series", () => {
    expect(trackedPage("/davmu/share/news/doc/2026/11/AbCdEfGh/index.html", "")).toEqual({
      preview: false,
      detail: { postId: "AbCdEfGh", contentType: "article" },
    });
    expect(trackedPage("/davmu/share/mp/gallery/2026/11/XyZ12345/index.html", "").detail?.contentType).toBe("image");
    expect(trackedPage("/davmu/share/special/Sp123456/index.html", "").detail).toEqual({
      postId: "Sp123456",
      contentType: "special",
    });
    expect(trackedPage("/davmu/share/", "").detail).toBeNull();
    expect(trackedPage("/davmu/share/list/abc/index.html", "").detail).toBeNull();
    expect(trackedPage("/davmu/share/content_model/index.html", "?id=1").detail).toBeNull();
  });

  it("R-TRACK-5 a preview page is known as one: actor preview-…, or ?preview", () => {
    expect(trackedPage("/davmu/share/preview-news/doc/2026/11/AbCdEfGh/index.html", "").preview).toBe(true);
    expect(trackedPage("/davmu/share/news/doc/2026/11/AbCdEfGh/index.html", "?preview=1").preview).toBe(true);
    expect(trackedPage("/davmu/share/news/doc/2026/11/AbCdEfGh/index.html", "?previewed=1").preview).toBe(false);
    // the starter in every page knows it too, without the tracker
    expect(isPreviewPage("/davmu/share/preview-news/doc/2026/11/AbCdEfGh/index.html", "")).toBe(true);
    expect(isPreviewPage("/davmu/share/news/doc/2026/11/AbCdEfGh/index.html", "?preview")).toBe(true);
    expect(isPreviewPage("/davmu/share/news/doc/2026/11/AbCdEfGh/index.html", "")).toBe(false);
  });

  it("R-TRACK-2 the scroll percent is the bottom of the viewport in the page, 0 to 100", () => {
    expect(scrollPercent(0, 667, 3000)).toBe(22);
    expect(scrollPercent(2333, 667, 3000)).toBe(100);
    expect(scrollPercent(5000, 667, 3000)).toBe(100);
    expect(scrollPercent(0, 667, 500)).toBe(100);
  });
});
