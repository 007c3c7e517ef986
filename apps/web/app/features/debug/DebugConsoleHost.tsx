import { type ComponentType, useEffect, useState } from "react";

/**
 * Where the site config's `debug` flag is on (a test deployment), the page's debug console: an island
 * woken once the page is idle (decision 058), which fetches the console and opens it. Nothing on the
 * server, and nothing at all on pages of a site without the flag (the root leaves the island out).
 */
export function DebugConsoleHost() {
  const [Debug, setDebug] = useState<ComponentType | null>(null);
  useEffect(() => {
    import("./DebugConsole.tsx")
      .then((m) => setDebug(() => m.DebugConsole))
      .catch((error) => console.warn("debug console failed to load:", error));
  }, []);
  return Debug ? <Debug /> : null;
}
