import { describe, expect, it } from "vitest";
import { pathInSite, sitePath } from "./nav.tsx";

describe("the site's links (R-WEB-ISLAND-1)", () => {
  it("R-WEB-ISLAND-1: a path from the site's root gets the site's base, with its query and fragment", () => {
    expect(sitePath("/", undefined, "/davmu/share/")).toBe("/davmu/share/");
    expect(sitePath("/?group=7", undefined, "/davmu/share/")).toBe("/davmu/share/?group=7");
    expect(sitePath("/search/index.html?keyword=%E6%96%B0", undefined, "/davmu/share/")).toBe(
      "/davmu/share/search/index.html?keyword=%E6%96%B0",
    );
    expect(sitePath("/dejin/tip/index.html#form", undefined, "/davmu/share/")).toBe(
      "/davmu/share/dejin/tip/index.html#form",
    );
    expect(sitePath("//x.test/a", undefined, "/davmu/share/")).toBe("//x.test/a");
    expect(sitePath("https://x.test/a?b", undefined, "/davmu/share/")).toBe("https://x.test/a?b");
  });

  it("R-WEB-ISLAND-1: a query or fragment alone is the same page's", () => {
    expect(sitePath("?tab=reply", "/dejin/personal/7/index.html", "/davmu/share/")).toBe(
      "/davmu/share/dejin/personal/7/index.html?tab=reply",
    );
    expect(sitePath("#comments", "/", "/davmu/share/")).toBe("/davmu/share/#comments");
  });

  it("R-WEB-ISLAND-1: a path relative to nothing is refused rather than guessed", () => {
    expect(() => sitePath("doc/1/index.html", undefined, "/davmu/share/")).toThrow(/not a site path/);
    expect(() => sitePath("?tab=1", undefined, "/davmu/share/")).toThrow(/not a site path/);
  });

  it("R-WEB-ISLAND-1: the path inside the site of a document path, case as React Router reads it", () => {
    expect(pathInSite("/davmu/share/", "/davmu/share/")).toBe("/");
    expect(pathInSite("/davmu/share", "/davmu/share/")).toBe("/");
    expect(pathInSite("/davmu/share/doc/1/index.html", "/davmu/share/")).toBe("/doc/1/index.html");
    expect(pathInSite("/DAVMU/Share/a", "/davmu/share/")).toBe("/a");
    expect(pathInSite("/davmu/shared/a", "/davmu/share/")).toBeNull();
    expect(pathInSite("/other", "/davmu/share/")).toBeNull();
  });
});
