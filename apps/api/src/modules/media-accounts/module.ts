import type { ApiModule } from "../../lib/api-module.ts";
import { mediaAccountsPlugin } from "./repository.ts";
import { mediaAccountRoutes } from "./routes.ts";

/** Media accounts and following them; their content items are the content module's (`/dinner/content/`). */
export const mediaAccountsModule: ApiModule = {
  name: "media-accounts",
  repositories: [mediaAccountsPlugin],
  routes: [mediaAccountRoutes],
};
