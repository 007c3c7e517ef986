/** The URL of the island loader's entry chunk, for the server (vite.config.ts `islandEntry`). */
declare module "virtual:davmu/island-boot" {
  const url: string;
  export default url;
  /** The URL of the build's map of each island's script files (apps/web/island-code.ts); "" in development. */
  export const islandCode: string;
}
