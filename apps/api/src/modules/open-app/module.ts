import type { ApiModule } from "../../lib/api-module.ts";
import { openAppPlugin } from "./repository.ts";
import { openAppRoutes } from "./routes.ts";

/** Opening the app from a shared page. */
export const openAppModule: ApiModule = {
  name: "open-app",
  repositories: [openAppPlugin],
  routes: [openAppRoutes],
};
