import type { ApiModule } from "../../lib/api-module.ts";
import { mpContentRoutes } from "./content-route.ts";
import { mediaAccountsPlugin } from "./repository.ts";
import { mediaAccountRoutes } from "./routes.ts";

/** Media accounts, following them, and their content. */
export const mediaAccountsModule: ApiModule = {
  name: "media-accounts",
  repositories: [mediaAccountsPlugin],
  routes: [mediaAccountRoutes, mpContentRoutes],
};
