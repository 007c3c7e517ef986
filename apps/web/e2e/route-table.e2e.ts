import { otherDemoPaths } from "@davmu/demo/demo-paths";
import { describe, expect, it } from "vitest";
import { site } from "./setup/site.ts";

const origin = site.origin;
const share = `${origin}/davmu/share/`;
const notFound = "抱歉，您访问的页面找不到了";

describe("the route table of spec §2", () => {
  it("R-ROUTE-1 every community column's route, and every page beyond the content types, answers its page, none is left to the not-found page", async () => {
    // the e2e server's salt (setup/server.ts) names the demo's circles and questions
    const pages = Object.values(await otherDemoPaths(origin, "e2e-salt"));
    expect(pages.length).toBe(15);
    for (const path of pages) {
      const response = await fetch(origin + path);
      const html = await response.text();
      expect(response.status, path).toBe(200);
      expect(html, path).not.toContain(notFound);
    }
  });

  it("R-ROUTE-1 a path outside the table still answers the not-found page with status 404", async () => {
    for (const path of [
      "dejin/index.html",
      "dimim/other/index.html",
      "fazak/index.html",
      "no-such-column/index.html",
    ]) {
      const response = await fetch(share + path);
      expect(response.status, path).toBe(404);
      expect(await response.text(), path).toContain(notFound);
    }
  });
});
