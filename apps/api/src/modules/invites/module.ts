import type { ApiModule } from "../../lib/api-module.ts";
import { inviteRoutes } from "./routes.ts";

/** Invitations and their records. */
export const invitesModule: ApiModule = {
  name: "invites",
  routes: [inviteRoutes],
};
