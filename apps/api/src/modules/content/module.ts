import type { ApiModule } from "../../lib/api-module.ts";
import { editorContentRoutes } from "./editor-routes.ts";
import { contentsPlugin } from "./plugin.ts";
import { contentRoutes } from "./routes.ts";

/** Content items: lists, details, related items; kept answers are given early. */
export const contentModule: ApiModule = {
  name: "content",
  repositories: [contentsPlugin],
  routes: [{ plugin: contentRoutes, options: (_app, context) => context.earlyAnswers() }],
};

/** The editors' import of content (listed after search). */
export const contentImportModule: ApiModule = {
  name: "content-import",
  routes: [editorContentRoutes],
};
