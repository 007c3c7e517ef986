/**
 * What the benches that compare two builds share (bench/render-instructions.ts,
 * bench/answer-instructions.ts): the checkouts named on the command line (`--tree=`, this one by
 * default), their numeric options, and each checkout's own bench helpers for starting its product.
 */
import { existsSync } from "node:fs";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

const here = new URL("../../", import.meta.url).pathname;

/** The checkouts named by `--tree=` (this one when none is), and `--name=` numbers with their defaults. */
export function comparisonArgs(argv: string[]) {
  const trees = argv.filter((a) => a.startsWith("--tree=")).map((a) => resolve(a.slice("--tree=".length)));
  return {
    trees: trees.length ? trees : [here],
    number: (name: string, fallback: number) =>
      Number(argv.find((a) => a.startsWith(`--${name}=`))?.split("=")[1] ?? fallback),
  };
}

/** A checkout's bench helpers, where its bench keeps them (they moved from bench/lib into a package). */
export interface CheckoutProduct {
  startProduct(): Promise<{ origin: string; env: Record<string, string>; pid: number; close(): Promise<void> }>;
  demoPages(origin: string, salt: string): Promise<{ name: string; path: string }[]>;
  phoneUserAgent: string;
}

export async function checkoutProduct(tree: string): Promise<CheckoutProduct> {
  const paths = ["packages/test-support/src/product.ts", "bench/lib/product.ts"].map((p) => join(tree, p));
  const found = paths.find((p) => existsSync(p));
  if (!found) throw new Error(`${tree}: no bench product helpers`);
  return (await import(pathToFileURL(found).href)) as CheckoutProduct;
}
