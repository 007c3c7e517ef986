import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { islandRegistry } from "./app/islands/registry.ts";
import { registryImports, staticClosure, unusedOnPage, type WakeGraph } from "./island-wakes.ts";

const registry = fileURLToPath(new URL("app/islands/registry.ts", import.meta.url));
const app = fileURLToPath(new URL("app/", import.meta.url));

describe("what each island's wake fetches and never runs (decision 075)", () => {
  it("R-WEB-ISLAND-3 reads every island of the loader's registry with the modules it imports for it", () => {
    const imports = registryImports(readFileSync(registry, "utf8"), dirname(registry));
    expect([...imports.keys()].sort()).toEqual(Object.keys(islandRegistry).sort());
    // two modules at once, resolved from the registry's folder
    expect(imports.get("login-host")).toEqual([
      `${app}features/account/LoginHost.tsx`,
      `${app}features/account/LoginPopup.tsx`,
    ]);
    // a name written bare, and two names for one module
    expect(imports.get("toaster")).toEqual([`${app}components/Toaster.tsx`]);
    expect(imports.get("audio-player")).toEqual(imports.get("video-player"));
  });

  it("R-WEB-ISLAND-3 follows static imports through cycles to every module a wake runs", () => {
    const graph: Record<string, string[]> = { a: ["b", "c"], b: ["a"], c: ["d"], d: [], e: ["a"] };
    expect([...staticClosure(["a"], (id) => graph[id] ?? [])].sort()).toEqual(["a", "b", "c", "d"]);
    expect([...staticClosure(["d", "e"], (id) => graph[id] ?? [])].sort()).toEqual(["a", "b", "c", "d", "e"]);
    // a module not followed is neither taken nor read past (the build's groups leave libraries out so)
    expect(
      [
        ...staticClosure(
          ["e"],
          (id) => graph[id] ?? [],
          (id) => id !== "c",
        ),
      ].sort(),
    ).toEqual(["a", "b", "e"]);
  });

  // the regression the check is for: a chunk group of the comment footer took in the formats, so every
  // island that shows a date fetched the comment footer's chunk
  const graph: WakeGraph = {
    chunks: {
      "assets/boot.js": { "islands/boot.ts": 900 },
      "assets/hydrate.js": { "islands/hydrate.tsx": 700, "components/icons.tsx": 300 },
      "assets/footer.js": { "comments/CommentFooter.tsx": 5000, "model/format.ts": 3000, "model/empty.ts": 0 },
      "assets/live.js": { "live/LiveRoom.tsx": 8000 },
    },
    runs: {
      "comment-footer": [
        "islands/hydrate.tsx",
        "comments/CommentFooter.tsx",
        "model/format.ts",
        "components/icons.tsx",
      ],
      "live-room": ["islands/hydrate.tsx", "live/LiveRoom.tsx", "model/format.ts"],
    },
  };
  const files = ["assets/boot.js", "assets/hydrate.js", "assets/footer.js", "assets/live.js"];

  it("R-WEB-ISLAND-3 names another island's module that a page's wakes fetch with a shared one", () => {
    expect(unusedOnPage(graph, ["live-room"], files, ["assets/boot.js", "assets/hydrate.js"])).toEqual([
      { module: "comments/CommentFooter.tsx", chunk: "assets/footer.js", bytes: 5000 },
    ]);
    // the hydration chunk's parts, when weighed, and never what the page runs before a tap
    expect(unusedOnPage(graph, ["live-room"], files, ["assets/boot.js"])).toContainEqual({
      module: "components/icons.tsx",
      chunk: "assets/hydrate.js",
      bytes: 300,
    });
  });

  it("R-WEB-ISLAND-3 counts nothing where the page has both islands, and no module the bundler left empty", () => {
    expect(unusedOnPage(graph, ["live-room", "comment-footer"], files, ["assets/boot.js"])).toEqual([]);
    // an island the graph does not know runs nothing: all its page's wakes fetch is counted
    expect(unusedOnPage(graph, ["no-such-island"], ["assets/live.js"], []).map((u) => u.bytes)).toEqual([8000]);
  });
});
