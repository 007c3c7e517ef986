/**
 * Budgets and syntax checks on the built site (apps/web/build/client):
 * - every shipped script parses as ES2019 plus dynamic import() and import.meta (WeChat's Chrome 78 /
 *   iOS 12 WebViews): no optional chaining, no ??, no BigInt literals, no numeric separators,
 *   no logical assignment, no class fields or private methods;
 * - the JavaScript a page loads stays within its gzip budget.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { type Node, parse } from "acorn";
import { full } from "acorn-walk";

const assets = new URL("../apps/web/build/client/assets/", import.meta.url).pathname;
const budgetGzipBytes = Number(process.env.JS_BUDGET_GZIP ?? 120 * 1024);

/** Syntax newer than ES2019 that the target browsers lack (dynamic import and import.meta are fine). */
function newerSyntax(node: Node & Record<string, unknown>): string | null {
  switch (node.type) {
    case "ChainExpression":
      return "optional chaining (?.)";
    case "LogicalExpression":
      return node.operator === "??" ? "nullish coalescing (??)" : null;
    case "AssignmentExpression":
      return ["&&=", "||=", "??="].includes(node.operator as string) ? "logical assignment" : null;
    case "Literal":
      if (typeof node.bigint === "string") return "BigInt literal";
      return typeof node.raw === "string" && /^\d[\d_]*_/.test(node.raw) ? "numeric separator" : null;
    case "PropertyDefinition":
      return "class field";
    case "PrivateIdentifier":
      return "private class member";
    case "StaticBlock":
      return "class static block";
    default:
      return null;
  }
}

const files = readdirSync(assets).filter((f) => f.endsWith(".js"));
const problems: string[] = [];
let totalGzip = 0;
for (const file of files) {
  const source = readFileSync(join(assets, file), "utf8");
  totalGzip += gzipSync(source).length;
  let ast: Node;
  try {
    ast = parse(source, { ecmaVersion: "latest", sourceType: "module" });
  } catch (error) {
    problems.push(`${file}: does not parse: ${(error as Error).message}`);
    continue;
  }
  full(ast, (node) => {
    const found = newerSyntax(node as Node & Record<string, unknown>);
    if (found) problems.push(`${file}:${node.start}: ${found}`);
  });
}

console.log(
  `${files.length} scripts, ${(totalGzip / 1024).toFixed(1)} KiB gzip in all (budget ${(budgetGzipBytes / 1024).toFixed(0)} KiB)`,
);
if (totalGzip > budgetGzipBytes)
  problems.push(`scripts total ${totalGzip} B gzip, over the ${budgetGzipBytes} B budget`);
if (problems.length) {
  console.error(problems.slice(0, 40).join("\n"));
  if (problems.length > 40) console.error(`… and ${problems.length - 40} more`);
  process.exit(1);
}
console.log("shipped scripts are ES2019-compatible and within budget");
