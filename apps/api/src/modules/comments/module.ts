import type { ApiModule } from "../../lib/api-module.ts";
import { commentModerationRoutes } from "./editor-routes.ts";
import { commentsPlugin } from "./repository.ts";
import { commentRoutes } from "./routes.ts";

/** Comments on content: readers' comments, replies and reports. */
export const commentsModule: ApiModule = {
  name: "comments",
  repositories: [commentsPlugin],
  routes: [commentRoutes],
};

/** The editors' moderation of comments (listed after the editors' content import). */
export const commentModerationModule: ApiModule = {
  name: "comment-moderation",
  routes: [commentModerationRoutes],
};
