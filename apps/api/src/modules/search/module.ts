import type { ApiModule } from "../../lib/api-module.ts";
import { searchIndexPlugin } from "./repository.ts";
import { searchRoutes } from "./routes.ts";

/** Search by title and hot words. */
export const searchModule: ApiModule = {
  name: "search",
  repositories: [searchIndexPlugin],
  routes: [searchRoutes],
};
