import type { ApiModule } from "../../lib/api-module.ts";
import { tipsPlugin } from "./repository.ts";
import { tipRoutes } from "./routes.ts";

/** Readers' tips and the editors' queue. */
export const tipsModule: ApiModule = {
  name: "tips",
  repositories: [tipsPlugin],
  routes: [tipRoutes],
};
