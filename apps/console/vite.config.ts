import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

/**
 * The newsroom console (decision 050): a client-rendered app, built into static files that the site's
 * server answers under /editor/console/. A desktop tool for current browsers: modern syntax is kept.
 */
export default defineConfig({
  base: "/editor/console/",
  plugins: [react()],
  build: { outDir: "build", emptyOutDir: true, target: "es2022", sourcemap: false },
});
