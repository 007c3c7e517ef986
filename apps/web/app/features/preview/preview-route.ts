import { isKept, pageData } from "../../lib/page-data.ts";
import { useMatches } from "../../lib/router.ts";
import type { PreviewInfo } from "./preview.ts";

/**
 * The page's preview, for the layouts the server draws (DetailShell): React Router's matches, so the
 * server only; the preview bar, an island, takes it as its props.
 */
export function usePreview(): PreviewInfo | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    // a page's loader data is kept on the server (lib/page-data.ts); the root's is not
    const loaderData = matches[i]?.loaderData;
    const data = (isKept(loaderData) ? pageData(loaderData) : loaderData) as
      | { preview?: PreviewInfo | null }
      | undefined;
    if (data?.preview) return data.preview;
  }
  return null;
}
