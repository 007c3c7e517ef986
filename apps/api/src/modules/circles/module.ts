import type { ApiModule } from "../../lib/api-module.ts";
import { circlesPlugin } from "./repository.ts";
import { circleRoutes } from "./routes.ts";

/** Circles: posts, hashtags and their comments. */
export const circlesModule: ApiModule = {
  name: "circles",
  repositories: [circlesPlugin],
  routes: [circleRoutes],
};
