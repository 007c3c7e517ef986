import { readFileSync } from "node:fs";
import { dirname } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { islandRegistry } from "./app/islands/registry.ts";
import { type BuiltChunk, islandCode, registryModules } from "./island-code.ts";

const registryFile = fileURLToPath(new URL("app/islands/registry.ts", import.meta.url));

const chunk = (fileName: string, moduleIds: string[], imports: string[] = []): BuiltChunk => ({
  type: "chunk",
  fileName,
  moduleIds,
  imports,
});

describe("each island's code files, read from the build", () => {
  it("R-WEB-ISLAND-3 the registry's every island is found with its module", () => {
    const modules = registryModules(readFileSync(registryFile, "utf8"), dirname(registryFile));
    expect([...modules.keys()].sort()).toEqual(Object.keys(islandRegistry).sort());
    expect(modules.get("follow-button")).toBe(
      fileURLToPath(new URL("app/features/content/FollowButton.tsx", import.meta.url)),
    );
  });

  it("R-WEB-ISLAND-3 an island needs its chunk and that chunk's imports, all the way down, but what every page has loaded and what hydration brings", () => {
    const chunks = [
      chunk("assets/islands-a.js", ["/app/islands/boot.ts", "/app/islands/loader.ts"], ["assets/shared-b.js"]),
      chunk("assets/shared-b.js", ["/app/lib/events.ts"]),
      chunk("assets/hydrate-c.js", ["/app/islands/hydrate.tsx"], ["assets/vendor-d.js", "assets/shared-b.js"]),
      chunk("assets/vendor-d.js", ["/node_modules/react-dom/index.js"]),
      chunk(
        "assets/Dialog-e.js",
        ["/app/features/open-app/OpenAppDialog.tsx"],
        ["assets/WxTag-f.js", "assets/vendor-d.js"],
      ),
      chunk("assets/WxTag-f.js", ["/app/features/open-app/WxOpenTag.tsx"], ["assets/Sheet-g.js"]),
      chunk("assets/Sheet-g.js", ["/app/components/Sheet.tsx"]),
    ];
    const islands = new Map([
      ["open-app-dialog", "/app/features/open-app/OpenAppDialog.tsx"],
      ["toaster", "/app/lib/events.ts"],
    ]);
    const code = islandCode(islands, "/app/islands/hydrate.tsx", "/app/islands/boot.ts", chunks, "/davmu/share/");
    expect(code.hydrate).toEqual(["/davmu/share/assets/hydrate-c.js", "/davmu/share/assets/vendor-d.js"]);
    expect(code.islands["open-app-dialog"]?.sort()).toEqual([
      "/davmu/share/assets/Dialog-e.js",
      "/davmu/share/assets/Sheet-g.js",
      "/davmu/share/assets/WxTag-f.js",
    ]);
    // a module in the loader's own chunks needs nothing more
    expect(code.islands.toaster).toEqual([]);
  });

  it("R-WEB-ISLAND-3 a registry module the build does not hold is an error, not a silent gap", () => {
    expect(() =>
      islandCode(new Map([["gone", "/app/Gone.tsx"]]), "/h.tsx", "/b.ts", [chunk("a.js", ["/h.tsx", "/b.ts"])], "/"),
    ).toThrow(/Gone\.tsx/);
  });
});
