import type { ApiModule } from "../../lib/api-module.ts";
import { trackingPlugin } from "./repository.ts";
import { trackingRoutes } from "./routes.ts";

/** Tracking: the beacon and its events. */
export const trackingModule: ApiModule = {
  name: "tracking",
  repositories: [trackingPlugin],
  // the beacon is answered early, from the server's request event
  routes: [{ plugin: trackingRoutes, options: (_app, context) => context.earlyAnswers() }],
};
