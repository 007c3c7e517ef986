import { startTransition } from "react";
import { hydrateRoot } from "react-dom/client";
import { reloadOnChunkError } from "./lib/chunk-reload.ts";
import { type PageData, pageDataId } from "./lib/page-router/page-data.ts";
import { PageRoot, startPage } from "./lib/page-router/shim.tsx";

/**
 * The page's hydration entry (decision 014): reads the data the server rendered the page with, loads
 * the matched routes' modules (already preloaded by the page) and hydrates the same tree, with no
 * client router. A module that fails to load (a deployment replaced it) reloads the page, at most
 * once a minute (R-SITE-10). Hydration runs as a transition, so React yields to the browser every
 * few milliseconds instead of holding the main thread for the whole tree: a tap during it is answered.
 */
const element = document.getElementById(pageDataId);
if (element?.textContent) {
  const page = JSON.parse(element.textContent) as PageData;
  Promise.all(page.routes.map((route) => import(/* @vite-ignore */ route.module)))
    .then((modules) => {
      startPage(page, modules);
      startTransition(() => {
        hydrateRoot(document, <PageRoot />);
      });
    })
    .catch((error: unknown) => {
      if (!reloadOnChunkError(error)) console.error("the page could not start:", error);
    });
}
