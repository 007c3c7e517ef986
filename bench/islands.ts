/**
 * The island pages' budgets alone (R-WEB-ISLAND-3; `npm run bench -- --only=islands`): Lighthouse on
 * the article and the agreement page, each against its floor audited in the same run
 * (bench/lighthouse.ts, bench/lib/floor.ts), and the first tap on the article's islands
 * (bench/first-tap.ts), throttled and with their code at hand. A few minutes on this machine; the
 * table goes to .bench/islands.md and .bench/islands.json, and the exit code is 1 when a budget fails.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { agreementPath, demoArticlePath, root, startProduct } from "@davmu/test-support/product";
import { firstTapResults } from "./first-tap.ts";
import { printResults, type Result } from "./lib/stats.ts";
import { auditPages } from "./lighthouse.ts";

/** The agreement page: the first island page (decision 053), with no island a visitor wakes. */

export async function runIslandBudgets(
  origin: string,
  articlePath: string,
  options: { runs: number; tapRuns: number },
  log: (line: string) => void,
): Promise<{ results: Result[]; chromium: string }> {
  const audit = await auditPages(
    [
      { name: "article", url: origin + articlePath },
      { name: "agreement", url: origin + agreementPath },
    ],
    options.runs,
    log,
    join(root, ".bench/lighthouse"),
  );
  const taps = await firstTapResults(origin + articlePath, options.tapRuns, log);
  return { results: [...audit.results, ...taps], chromium: audit.chromium };
}

/** `--only=islands`: the product started alone, the island budgets measured, the table printed; the exit code. */
export async function runIslandsOnly(options: { runs: number; tapRuns: number }, log: (line: string) => void) {
  const product = await startProduct();
  let measured: Awaited<ReturnType<typeof runIslandBudgets>>;
  try {
    const articlePath = await demoArticlePath(product.origin);
    log(`article: ${articlePath}\nagreement: ${agreementPath}`);
    measured = await runIslandBudgets(product.origin, articlePath, options, log);
  } finally {
    await product.close();
  }
  const { output, exitCode } = printResults(measured.results);
  const dir = join(root, ".bench");
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, "islands.md"), `${output}\n`);
  writeFileSync(
    join(dir, "islands.json"),
    `${JSON.stringify({ date: new Date().toISOString(), node: process.version, chromium: measured.chromium, options, results: measured.results }, null, 2)}\n`,
  );
  return exitCode;
}
