import type { ApiModule } from "../../lib/api-module.ts";
import { clueReportCommentRoutes } from "./comments.ts";
import { clueReportsPlugin } from "./repository.ts";
import { clueReportRoutes } from "./routes.ts";

/** Clue reports, their topics, reporters and comments. */
export const clueReportsModule: ApiModule = {
  name: "clue-reports",
  repositories: [clueReportsPlugin],
  routes: [clueReportRoutes, clueReportCommentRoutes],
};
