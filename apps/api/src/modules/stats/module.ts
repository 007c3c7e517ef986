import type { ApiModule } from "../../lib/api-module.ts";
import { statsRoutes } from "./routes.ts";

/** The editors' statistics. */
export const statsModule: ApiModule = {
  name: "stats",
  routes: [statsRoutes],
};
