import { usePageSettings } from "../page-settings.tsx";

/** Where the visitor's browser calls the API ("" for the page's own origin), from the page's settings. */
export function usePublicApiBase(): string {
  return usePageSettings().publicApiBase;
}
