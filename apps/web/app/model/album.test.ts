import { describe, expect, it } from "vitest";
import { albumStatusText } from "./album.ts";

describe("albumStatusText", () => {
  it("R-CONTENT-2 album status text: total 0 shows updating", () => {
    expect(albumStatusText({ status: 0, total: 0 })).toBe("更新中");
    expect(albumStatusText({ status: 1, total: 0 })).toBe("更新中");
    expect(albumStatusText(null)).toBe("更新中");
  });

  it("R-CONTENT-2 album status text: status 0 shows updated to N items", () => {
    expect(albumStatusText({ status: 0, total: 3 })).toBe("已更新至3集");
  });

  it("R-CONTENT-2 album status text: otherwise finished, N items in total", () => {
    expect(albumStatusText({ status: 1, total: 12 })).toBe("已完结，共12集");
    expect(albumStatusText({ status: 2, total: 1 })).toBe("已完结，共1集");
  });

  it("R-WEB-I18N R-CONTENT-2 English pages give the same three states in English", () => {
    expect(albumStatusText(null, "en")).toBe("Updating");
    expect(albumStatusText({ status: 0, total: 3 }, "en")).toBe("Updated to episode 3");
    expect(albumStatusText({ status: 1, total: 12 }, "en")).toBe("Complete, 12 episodes");
  });
});
