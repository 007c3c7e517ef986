import type { ApiModule } from "../../lib/api-module.ts";
import { editorAccessPlugin } from "./access.ts";
import { editorsPlugin } from "./repository.ts";
import { editorRoutes } from "./routes.ts";

/**
 * The newsroom's own accounts (R-CONSOLE-1): logins, sessions, roles and the audit trail, and the
 * access check every editors' call runs (R-CONSOLE-2), which needs the accounts' repository.
 */
export const editorsModule: ApiModule = {
  name: "editors",
  repositories: [editorsPlugin, editorAccessPlugin],
  routes: [editorRoutes],
};
