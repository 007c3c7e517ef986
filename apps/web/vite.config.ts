import { siteBase } from "@davmu/contracts/site-path";
import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  base: siteBase,
  plugins: [reactRouter()],
  build: {
    // WeChat's in-app browsers: Chrome 78 on Android, WKWebView on iOS 12
    target: ["chrome78", "safari12"],
    cssTarget: ["chrome78", "safari12"],
  },
});
