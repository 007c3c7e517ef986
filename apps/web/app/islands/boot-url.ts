import { siteBase } from "@davmu/contracts/site-path";

/**
 * The island loader's URL where no build names its chunk (the unit tests, by alias from
 * `virtual:davmu/island-boot`): the path Vite's development server serves the module at.
 */
const bootUrl = `${siteBase}app/islands/boot.ts`;
export default bootUrl;
