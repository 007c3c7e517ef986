import { useRouteLoaderData } from "./router.ts";

/** Origins the link popup may frame besides the site's own (LINK_FRAME_ORIGINS, from the root loader). */
export function useLinkFrameOrigins(): readonly string[] {
  const root = useRouteLoaderData("root") as { linkFrameOrigins?: string[] } | undefined;
  return root?.linkFrameOrigins ?? [];
}
