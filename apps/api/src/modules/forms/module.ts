import type { ApiModule } from "../../lib/api-module.ts";
import { formsPlugin } from "./repository.ts";
import { formRoutes } from "./routes.ts";

/** Cloud forms and their submissions. */
export const formsModule: ApiModule = {
  name: "forms",
  repositories: [formsPlugin],
  routes: [formRoutes],
};
