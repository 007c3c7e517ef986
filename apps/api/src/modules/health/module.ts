import type { ApiModule } from "../../lib/api-module.ts";
import { healthRoutes } from "./routes.ts";

/** Health and readiness: answered by every process, the site-only one too. */
export const healthModule: ApiModule = {
  name: "health",
  everyProcess: true,
  routes: [healthRoutes],
};
