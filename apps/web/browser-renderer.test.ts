import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { browserModuleFor, browserRenderer } from "./browser-renderer.ts";

const app = fileURLToPath(new URL("app/", import.meta.url));

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sources(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

describe("the islands' renderer in the browser (decision 070)", () => {
  it("R-WEB-ISLAND-3 the site's imports of React and React DOM resolve to Preact's compat layer in the client build", () => {
    const site = "/repo/apps/web/app/features/comments/CommentFooter.tsx";
    expect(browserModuleFor("react", site)).toBe("preact/compat");
    expect(browserModuleFor("react-dom", site)).toBe("preact/compat");
    expect(browserModuleFor("react-dom/client", site)).toBe("preact/compat/client");
    expect(browserModuleFor("react/jsx-runtime", site)).toBe("preact/compat/jsx-runtime");
    expect(browserModuleFor("react/jsx-dev-runtime", site)).toBe("preact/compat/jsx-dev-runtime");
    // what is not React passes untouched
    expect(browserModuleFor("react-dom/server", site)).toBeNull();
    expect(browserModuleFor("preact/compat", site)).toBeNull();
    expect(browserModuleFor("./Sheet.tsx", site)).toBeNull();
  });

  it("R-WEB-ISLAND-1 React Router's own modules, which the build writes but no page loads, keep React", () => {
    for (const importer of [
      "/repo/node_modules/react-router/lib/components.js",
      "/repo/node_modules/@react-router/dev/config/defaults/entry.client.tsx",
      "/repo/apps/web/.react-router/types/+virtual.ts",
    ]) {
      for (const source of Object.keys(browserRenderer))
        expect(browserModuleFor(source, importer), importer).toBeNull();
    }
  });

  it("R-WEB-ISLAND-2 no module reads a store outside the renderer but through useExternalState, which draws the server's value while hydrating", () => {
    const direct = sources(app)
      .filter((file) => /\buseSyncExternalStore\s*\(/.test(readFileSync(file, "utf8")))
      .map((file) => relative(app, file));
    expect(direct).toEqual(["lib/hydrated.ts"]);
  });
});
