import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The comment rules live in this folder only: the three systems that take readers' texts (comments,
 * clue-report comments, live chat) call them and keep no copy. Lines are compared as a reader sees
 * them: trimmed, without blank lines, comments, import lines or lines of punctuation alone.
 */
const apiSource = join(import.meta.dirname, "../..");
const folders = ["lib/comment-thread", "modules/comments", "modules/clue-reports", "modules/live"];
const WINDOW = 6;

/** The code lines of a source file, with their line numbers. */
export function codeLines(text: string): { line: number; text: string }[] {
  const lines: { line: number; text: string }[] = [];
  let inComment = false;
  for (const [index, raw] of text.split("\n").entries()) {
    const line = raw.trim();
    if (inComment) {
      if (line.includes("*/")) inComment = false;
      continue;
    }
    if (line.startsWith("/*")) {
      inComment = !line.includes("*/");
      continue;
    }
    if (line === "" || line.startsWith("//") || line.startsWith("import ") || !/\w/.test(line)) continue;
    lines.push({ line: index + 1, text: line });
  }
  return lines;
}

/** Every run of `size` code lines that stands in two different files, once per pair of places. */
export function repeatedRuns(files: ReadonlyMap<string, string>, size = WINDOW): string[] {
  const seen = new Map<string, { file: string; line: number }>();
  const found: string[] = [];
  for (const [file, text] of files) {
    const lines = codeLines(text);
    for (let start = 0; start + size <= lines.length; start++) {
      const run = lines
        .slice(start, start + size)
        .map((l) => l.text)
        .join("\n");
      const first = seen.get(run);
      const here = lines[start]?.line ?? 0;
      if (!first) seen.set(run, { file, line: here });
      else if (first.file !== file) found.push(`${first.file}:${first.line} ~ ${file}:${here}\n${run}`);
    }
  }
  return found;
}

function sources(): Map<string, string> {
  const files = new Map<string, string>();
  for (const folder of folders) {
    for (const name of readdirSync(join(apiSource, folder), { recursive: true, encoding: "utf8" }).sort()) {
      if (!name.endsWith(".ts") || name.endsWith(".test.ts")) continue;
      const path = join(apiSource, folder, name);
      files.set(relative(apiSource, path), readFileSync(path, "utf8"));
    }
  }
  return files;
}

describe("one comment-thread service", () => {
  it("R-MOD-1 R-SEC-RATE no run of six code lines stands twice among comments, clue-report comments, live chat and the service", () => {
    const files = sources();
    expect([...files.keys()].filter((f) => f.startsWith("modules/")).length).toBeGreaterThan(10);
    expect(repeatedRuns(files)).toEqual([]);
  });

  it("R-MOD-1 the three uses call the service, and none reaches into another module for the rules", () => {
    const files = sources();
    for (const user of ["modules/comments/routes.ts", "modules/clue-reports/comments.ts", "modules/live/routes.ts"]) {
      expect(files.get(user), user).toMatch(/from "\.\.\/\.\.\/lib\/comment-thread\/thread\.ts"/);
    }
    for (const [file, text] of files) {
      if (file.startsWith("modules/live/") || file.startsWith("modules/clue-reports/")) {
        expect(text, file).not.toMatch(/from "\.\.\/comments\//);
      }
    }
  });

  it("the check finds a copied run, however it is indented, commented or spaced, and only across files", () => {
    const rule = [
      "if (recent.length >= window.max) return 'rate';",
      "// a comment between",
      "return recent.some((r) => r.body === body) ? 'duplicate' : null;",
      "const a = 1;",
      "",
      "const b = 2;",
      "const c = 3;",
      "}",
      "const d = 4;",
    ].join("\n");
    const indented = rule
      .split("\n")
      .map((line) => `    ${line}`)
      .join("\n");
    expect(repeatedRuns(new Map([["a.ts", rule]]))).toEqual([]);
    expect(repeatedRuns(new Map([["a.ts", `${rule}\n${rule}`]]))).toEqual([]);
    expect(
      repeatedRuns(
        new Map([
          ["a.ts", rule],
          ["b.ts", `import x from "y";\n/* note\n */\n${indented}`],
        ]),
      ),
    ).toHaveLength(1);
    const five = rule.split("\n").slice(0, 7).join("\n");
    expect(
      repeatedRuns(
        new Map([
          ["a.ts", rule],
          ["b.ts", five],
        ]),
      ),
    ).toEqual([]);
  });
});
