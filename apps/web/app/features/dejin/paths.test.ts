import { describe, expect, it } from "vitest";
import { dejinRoutes, paragraphs } from "./paths.ts";
import { pichoCard, pichoQuery } from "./picho.ts";

describe("dejin paths and the open column's query", () => {
  it("R-ROUTE-1 topic names travel percent-encoded in the path, picho names in the query", () => {
    expect(dejinRoutes.topic("街坊 身边事/100%🔥")).toBe(
      "/dejin/topic/%E8%A1%97%E5%9D%8A%20%E8%BA%AB%E8%BE%B9%E4%BA%8B%2F100%25%F0%9F%94%A5/index.html",
    );
    expect(dejinRoutes.report("AbC123xy")).toBe("/dejin/detail/AbC123xy/index.html");
    expect(dejinRoutes.pichoContent("jianglan", "9f1c-1")).toBe("/dejin/content/index.html?rid=jianglan&uuid=9f1c-1");
  });

  it("R-ROUTE-1 the catalog and content pages read rid (letters, digits, - and _), else nothing", () => {
    expect(pichoQuery("http://x/dejin/catalog/index.html?rid=jianglan&id=minsheng")).toEqual({
      rid: "jianglan",
      id: "minsheng",
      uuid: "",
    });
    expect(pichoQuery("http://x/dejin/catalog/index.html?id=minsheng")).toBeNull();
    expect(pichoQuery(`http://x/dejin/content/index.html?rid=${encodeURIComponent("江澜")}&uuid=a`)).toBeNull();
    expect(pichoQuery(`http://x/dejin/content/index.html?rid=${"a".repeat(65)}`)).toBeNull();
  });

  it("R-ENT-OTHER a report's text splits into paragraphs at blank lines; a picho item becomes a news card", () => {
    expect(paragraphs("第一段\n\n\n第二段\n 仍是第二段\n  \n")).toEqual(["第一段", "第二段\n 仍是第二段"]);
    const card = pichoCard(
      "jianglan",
      {
        uuid: "u1",
        catalog_id: "c",
        title: "标题",
        summary: "",
        cover: "",
        source: "江澜新闻",
        publish_at: "2026-11-24T00:00:00.000Z",
        view_count: 12345,
      },
      Date.parse("2026-11-24T02:00:00.000Z"),
    );
    expect(card).toMatchObject({ href: "/dejin/content/index.html?rid=jianglan&uuid=u1", thumb: null, views: "1.2万" });
  });
});
