import type { ApiModule } from "../../lib/api-module.ts";
import { activitiesPlugin } from "./repository.ts";
import { activityRoutes } from "./routes.ts";

/** Activities: sign-ups and votes. */
export const activitiesModule: ApiModule = {
  name: "activities",
  repositories: [activitiesPlugin],
  routes: [activityRoutes],
};
