import type { ApiModule } from "../../lib/api-module.ts";
import { lawPlugin } from "./repository.ts";
import { lawRoutes } from "./routes.ts";

/** Law: questions and answers of the legal column. */
export const lawModule: ApiModule = {
  name: "law",
  repositories: [lawPlugin],
  routes: [lawRoutes],
};
