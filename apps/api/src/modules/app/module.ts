import type { ApiModule } from "../../lib/api-module.ts";
import { appSettingsPlugin } from "./repository.ts";
import { appRoutes } from "./routes.ts";

/** The app's settings, navigation and downloads. */
export const appModule: ApiModule = {
  name: "app",
  repositories: [appSettingsPlugin],
  routes: [appRoutes],
};
