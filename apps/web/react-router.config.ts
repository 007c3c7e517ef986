import { siteBase } from "@davmu/contracts/site-path";
import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // every page, asset and link lives under this base (see vite.config.ts `base`)
  basename: siteBase,
} satisfies Config;
