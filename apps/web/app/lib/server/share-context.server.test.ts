import { describe, expect, it, vi } from "vitest";

let asked = 0;
vi.mock("./api.server.ts", () => ({
  callApiShared: (key: string) => {
    if (key === "app-download-ios") asked += 1;
    return Promise.resolve(
      key === "app-download-ios"
        ? { code: 404, msg: "尚未配置应用下载地址", data: null }
        : { code: 0, msg: "ok", data: { site_name: "江澜新闻", descriptions: "", site_logo: "" } },
    );
  },
}));

const { appStoreIdOf, loadShareContext } = await import("./share-context.server.ts");

describe("the share card's context", () => {
  it("R-SHARE-1 apple-itunes-app's id is read from the editors' iOS download address", () => {
    expect(appStoreIdOf("https://apps.apple.com/cn/app/id6450000001")).toBe("6450000001");
    expect(appStoreIdOf("https://apps.apple.com/cn/app/jiang-lan/id6450000001?l=en")).toBe("6450000001");
    expect(appStoreIdOf("https://download.jianglan.example/app/jianglan-news.apk")).toBeNull();
    expect(appStoreIdOf("https://evil.example/apps.apple.com/id6450000001")).toBeNull();
    expect(appStoreIdOf(undefined)).toBeNull();
  });

  it("R-SHARE-1 without a download address the card leaves apple-itunes-app out and does not ask again on every render", async () => {
    const first = await loadShareContext();
    expect(first).toEqual({ scheme: "jianglan", appStoreId: null, siteName: "江澜新闻" });
    await loadShareContext();
    await loadShareContext();
    expect(asked).toBe(1);
  });
});
