import { useRouteLoaderData } from "../router.ts";

/** Where the visitor's browser calls the API ("" for the page's own origin), as the root loader hands it over. */
export function usePublicApiBase(): string {
  return (useRouteLoaderData("root") as { publicApiBase?: string } | undefined)?.publicApiBase ?? "";
}
