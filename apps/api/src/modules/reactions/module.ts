import type { ApiModule } from "../../lib/api-module.ts";
import { reactionsPlugin } from "./repository.ts";
import { reactionRoutes } from "./routes.ts";

/** Reactions: stars and collections. */
export const reactionsModule: ApiModule = {
  name: "reactions",
  repositories: [reactionsPlugin],
  routes: [reactionRoutes],
};
