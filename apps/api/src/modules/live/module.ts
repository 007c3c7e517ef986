import type { ApiModule } from "../../lib/api-module.ts";
import { livePlugin } from "./plugin.ts";
import { liveRoutes } from "./routes.ts";

/** Live rooms and their chat. */
export const liveModule: ApiModule = {
  name: "live",
  repositories: [livePlugin],
  routes: [liveRoutes],
};
