import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";

/**
 * The folder of the run's migrated SQLite templates (`helper.ts` makes one per worker in it), removed
 * when the run ends. A worker's own exit hook cannot do it: Vitest ends its workers without letting
 * them run their exit handlers, and each run left its templates in the temp folder.
 */

declare module "vitest" {
  export interface ProvidedContext {
    /** absent where a project runs without this set-up */
    sqliteTemplateDir?: string;
  }
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "davmu-sqlite-templates-"));
  project.provide("sqliteTemplateDir", dir);
  return () => rmSync(dir, { recursive: true, force: true });
}
