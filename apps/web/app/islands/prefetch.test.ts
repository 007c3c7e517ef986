import { describe, expect, it } from "vitest";
import { filesToPrefetch, type IslandCodeMap } from "./prefetch.ts";
import { awakeAttribute, type WakePolicy } from "./protocol.ts";

const element = (awake = false) =>
  ({ hasAttribute: (name: string) => awake && name === awakeAttribute }) as unknown as Element;
const island = (name: string, wake: WakePolicy, awake = false) => ({ element: element(awake), name, wake });

const map: IslandCodeMap = {
  hydrate: ["/a/hydrate.js", "/a/vendor.js"],
  islands: {
    "open-app-dialog": ["/a/Dialog.js", "/a/Sheet.js"],
    "comment-footer": ["/a/footer.js", "/a/Sheet.js"],
    "live-room": ["/a/live.js"],
  },
};

describe("the code of sleeping islands, fetched at idle", () => {
  it("R-WEB-ISLAND-3 React and the hydration module first, then each sleeping island's files, each once", () => {
    expect(
      filesToPrefetch(map, [island("open-app-dialog", "interaction"), island("comment-footer", "interaction")]),
    ).toEqual(["/a/hydrate.js", "/a/vendor.js", "/a/Dialog.js", "/a/Sheet.js", "/a/footer.js"]);
  });

  it("R-WEB-ISLAND-3 islands awake already, those that wake at idle or in view, and unknown ones bring nothing", () => {
    expect(
      filesToPrefetch(map, [
        island("open-app-dialog", "interaction", true),
        island("live-room", "idle"),
        island("comment-footer", "visible"),
        island("no-such-island", "interaction"),
      ]),
    ).toEqual([]);
  });
});
