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
  environments: {
    client: {
      build: {
        rolldownOptions: {
          output: {
            // the libraries in one file: compressed as a whole it gzips smaller than the many small
            // chunks of the automatic split (about 3.5 KB less per page), and it stays cached across
            // deployments of the site's own code, which keeps its own chunks (and its lazy-loaded sheets)
            // hls.js stays out: it is loaded only where a stream needs it
            codeSplitting: {
              groups: [{ name: "vendor", test: /node_modules[\\/](?!hls\.js[\\/])/ }],
            },
          },
        },
      },
    },
  },
});
