import type { ApiModule } from "../../lib/api-module.ts";
import { authPlugin } from "./auth.ts";
import { accountsPlugin } from "./plugin.ts";
import { accountRoutes } from "./routes.ts";

/** Accounts: sign-in, SMS codes, sessions and profiles. */
export const accountsModule: ApiModule = {
  name: "accounts",
  foundation: [authPlugin],
  repositories: [accountsPlugin],
  routes: [accountRoutes],
};
