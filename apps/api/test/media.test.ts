import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "./helper.ts";

const chromium = "image/avif,image/webp,image/apng,image/svg+xml,image/*,*/*;q=0.8";
const ios12 = "image/png,image/svg+xml,image/*;q=0.8,video/*;q=0.8,*/*;q=0.5";

describe("media files", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(async () => {
    await server.database.drop().catch(() => {});
  });
  const get = (path: string, headers: Record<string, string> = {}) => fetch(`${server.base}${path}`, { headers });

  it("a cover is sent as AVIF to a browser that accepts it, a fraction of the JPEG's bytes", async () => {
    const avif = await get("/media/covers/article-12.jpg", { accept: chromium });
    expect(avif.status).toBe(200);
    expect(avif.headers.get("content-type")).toBe("image/avif");
    expect(avif.headers.get("vary")).toMatch(/accept/i);
    expect(avif.headers.get("cache-control")).toMatch(/max-age=86400/);
    const avifBytes = (await avif.arrayBuffer()).byteLength;
    const jpeg = await get("/media/covers/article-12.jpg", { accept: ios12 });
    const jpegBytes = (await jpeg.arrayBuffer()).byteLength;
    expect(avifBytes).toBeLessThan(jpegBytes / 2);
  });

  it("R-WEB-LEGACY iOS 12 gets the JPEG and Chrome 78 WebP", async () => {
    const jpeg = await get("/media/posters/marathon.jpg", { accept: ios12 });
    expect(jpeg.headers.get("content-type")).toBe("image/jpeg");
    expect(jpeg.headers.get("vary")).toMatch(/accept/i);
    const webp = await get("/media/posters/marathon.jpg", { accept: "image/webp,image/apng,image/*,*/*;q=0.8" });
    expect(webp.headers.get("content-type")).toBe("image/webp");
  });

  it("other media are sent as stored, with ranges", async () => {
    const audio = await get("/media/audio/morning-news.m4a", { range: "bytes=0-99" });
    expect(audio.status).toBe(206);
    expect((await audio.arrayBuffer()).byteLength).toBe(100);
    expect(audio.headers.get("vary") ?? "").not.toMatch(/accept/i);
  });

  it("a missing file is 404 and a path out of the media directory is refused, never a 500", async () => {
    expect((await get("/media/covers/none.jpg", { accept: chromium })).status).toBe(404);
    for (const path of [
      "/media/..%2f..%2fpackage.json",
      "/media/%2e%2e/%2e%2e/package.json",
      "/media/covers/%00.jpg",
    ]) {
      const answer = await get(path, { accept: chromium });
      expect(answer.status, path).toBeGreaterThanOrEqual(400);
      expect(answer.status, path).toBeLessThan(500);
    }
  });
});
