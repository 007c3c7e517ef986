import type { ApiModule } from "../../lib/api-module.ts";
import { previewsPlugin } from "./repository.ts";
import { previewRoutes } from "./routes.ts";

/** Previews of unpublished content for editors. */
export const previewModule: ApiModule = {
  name: "preview",
  repositories: [previewsPlugin],
  routes: [previewRoutes],
};
