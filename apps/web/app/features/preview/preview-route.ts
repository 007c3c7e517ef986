import { useMatches } from "../../lib/router.ts";
import type { PreviewInfo } from "./preview.ts";

/**
 * The page's preview, for the layouts the server draws (DetailShell): React Router's matches, so the
 * server only; the preview bar, an island, takes it as its props.
 */
export function usePreview(): PreviewInfo | null {
  const matches = useMatches();
  for (let i = matches.length - 1; i >= 0; i--) {
    const data = matches[i]?.loaderData as { preview?: PreviewInfo | null } | undefined;
    if (data?.preview) return data.preview;
  }
  return null;
}
