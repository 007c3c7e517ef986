/** The URL of the island loader's entry chunk, for the server (vite.config.ts `islandEntry`). */
declare module "virtual:davmu/island-boot" {
  const url: string;
  export default url;
}
