import { describe, expect, it } from "vitest";
import { acceptedImageTypes, chooseRendition, createSizeLookup, hasRenditions } from "./image-renditions.ts";

const chromium = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const chrome78 = "image/webp,image/apng,image/*,*/*;q=0.8";
const ios12 = "image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5";
const files: Record<string, number> = {
  "covers/a.jpg": 25_000,
  "covers/a.avif": 8_000,
  "covers/a.webp": 12_000,
  "thumbs/b.jpg": 5_000,
  "thumbs/b.avif": 3_900,
  "thumbs/b.webp": 3_800,
  "only/c.jpg": 4_000,
};
const sizeOf = (path: string) => files[path] ?? null;

describe("picture renditions by Accept", () => {
  it("a browser that accepts AVIF gets the smallest rendition it accepts", () => {
    expect(chooseRendition("covers/a.jpg", chromium, sizeOf)).toBe("covers/a.avif");
    expect(chooseRendition("thumbs/b.jpg", chromium, sizeOf)).toBe("thumbs/b.webp");
  });

  it("R-WEB-LEGACY Chrome 78 gets WebP, iOS 12 the original JPEG", () => {
    expect(chooseRendition("covers/a.jpg", chrome78, sizeOf)).toBe("covers/a.webp");
    expect(chooseRendition("covers/a.jpg", ios12, sizeOf)).toBe("covers/a.jpg");
    expect(chooseRendition("covers/a.jpg", undefined, sizeOf)).toBe("covers/a.jpg");
  });

  it("wildcards and a zero quality never select a rendition", () => {
    expect([...acceptedImageTypes("*/*")]).toEqual([]);
    expect([...acceptedImageTypes("image/*")]).toEqual([]);
    expect([...acceptedImageTypes("image/avif;q=0, image/webp;q=0.5")]).toEqual(["image/webp"]);
    expect(chooseRendition("covers/a.jpg", "image/avif;q=0,image/webp;q=0", sizeOf)).toBe("covers/a.jpg");
  });

  it("a picture without renditions, a missing file and other media are sent as asked", () => {
    expect(chooseRendition("only/c.jpg", chromium, sizeOf)).toBe("only/c.jpg");
    expect(chooseRendition("missing/d.jpg", chromium, sizeOf)).toBe("missing/d.jpg");
    expect(chooseRendition("video/e.mp4", chromium, sizeOf)).toBe("video/e.mp4");
    expect(hasRenditions("video/e.mp4")).toBe(false);
    expect(hasRenditions("logo.PNG")).toBe(true);
  });

  it("the size lookup never looks outside the media directory", () => {
    const sizeOf = createSizeLookup(new URL("../../demo-media/", import.meta.url).pathname);
    expect(sizeOf("covers/article-12.jpg")).toBeGreaterThan(1000);
    expect(sizeOf("../package.json")).toBeNull();
    expect(sizeOf("covers/../../package.json")).toBeNull();
    expect(sizeOf("/etc/passwd")).toBeNull();
    expect(sizeOf("covers/none.jpg")).toBeNull();
  });
});
