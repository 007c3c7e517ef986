import type { ApiModule } from "../../lib/api-module.ts";
import { pichoPlugin } from "./repository.ts";
import { pichoRoutes } from "./routes.ts";

/** Picho: its catalogues and contents. */
export const pichoModule: ApiModule = {
  name: "picho",
  repositories: [pichoPlugin],
  routes: [pichoRoutes],
};
