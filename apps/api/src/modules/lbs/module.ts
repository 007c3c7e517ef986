import type { ApiModule } from "../../lib/api-module.ts";
import { localInfoPlugin } from "./repository.ts";
import { lbsRoutes } from "./routes.ts";

/** Local information by place. */
export const lbsModule: ApiModule = {
  name: "lbs",
  repositories: [localInfoPlugin],
  routes: [lbsRoutes],
};
