import type { Config } from "@react-router/dev/config";

export default {
  appDirectory: "app",
  ssr: true,
  // every page, asset and link lives under this base (see vite.config.ts `base`)
  basename: "/davmu/share/",
} satisfies Config;
