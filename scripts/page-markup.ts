/**
 * The rendered markup of the demo's detail pages, to compare before and after a page becomes an
 * island page (decision 056): every page's markup must be unchanged except for island wrappers.
 *
 *   node scripts/page-markup.ts dump [origin] [out-dir] [types]   writes one normalised file per page
 *   node scripts/page-markup.ts compare <dir-a> <dir-b>           lists the pages that differ, with the first difference
 *
 * Normalised: the `<davmu-island …>` wrappers are removed (their content kept), and so are what changes
 * from one response to the next or one build to the next: the CSP nonce, the scripts at the end of
 * the body (the page hand-off or `#island-page` and the boot script), modulepreload hints, and times
 * written relative to now. Types default to `article`; a comma list takes others (video,image,audio).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { demoCards, wechatUserAgent } from "@davmu/test-support/browser";

export function normaliseMarkup(html: string): string {
  return (
    html
      .replace(/<davmu-island\b[^>]*>/g, "")
      .replace(/<\/davmu-island>/g, "")
      .replace(/ nonce="[^"]*"/g, "")
      // the page's data and boot scripts (page router) or the island page's JSON and loader
      .replace(
        /<script type="application\/json" id="(page-data|page-modules|island-page)"[^>]*>[\s\S]*?<\/script>/g,
        "",
      )
      .replace(/<script\b(?![^>]*application\/json)[^>]*>[\s\S]*?<\/script>/g, "")
      .replace(/<link rel="modulepreload"[^>]*>/g, "")
      // relative times (刚刚, 3分钟前…) move with the clock
      .replace(/(<time [^>]*>)[^<]*(<\/time>)/g, "$1$2")
      // one element a line, so a difference reads as a line
      .replace(/></g, ">\n<")
  );
}

async function dump(origin: string, out: string, types: string[]) {
  mkdirSync(out, { recursive: true });
  const cards = (await demoCards(origin)).filter((card) => types.includes(card.content_type));
  for (const card of cards) {
    const response = await fetch(origin + card.content_link, { headers: { "user-agent": wechatUserAgent } });
    const html = await response.text();
    const name = `${card.content_type}-${card.post_id}.html`;
    writeFileSync(join(out, name), normaliseMarkup(html));
    console.log(`${response.status} ${name} ${card.title}`);
  }
}

function compare(a: string, b: string): number {
  let differing = 0;
  const names = new Set([...readdirSync(a), ...readdirSync(b)]);
  for (const name of [...names].sort()) {
    let left: string[];
    let right: string[];
    try {
      left = readFileSync(join(a, name), "utf8").split("\n");
      right = readFileSync(join(b, name), "utf8").split("\n");
    } catch {
      console.log(`${name}: only in one of the two`);
      differing += 1;
      continue;
    }
    // lines of one page not in the other (as many times as they occur): what was added or taken away
    const only = (a: string[], b: string[]) => {
      const rest = new Map<string, number>();
      for (const line of b) rest.set(line, (rest.get(line) ?? 0) + 1);
      return a.filter((line) => {
        const n = rest.get(line) ?? 0;
        if (n > 0) rest.set(line, n - 1);
        return n === 0;
      });
    };
    const removed = only(left, right);
    const added = only(right, left);
    if (removed.length === 0 && added.length === 0) {
      console.log(`${name}: same (${left.length} lines)`);
      continue;
    }
    differing += 1;
    console.log(`${name}: ${removed.length} lines only before, ${added.length} only after`);
    const cut = (line: string) => (line.length > 160 ? `${line.slice(0, 160)}…` : line);
    for (const line of removed.slice(0, 20)) console.log(`  - ${cut(line)}`);
    for (const line of added.slice(0, 20)) console.log(`  + ${cut(line)}`);
  }
  return differing;
}

const [command, ...args] = process.argv.slice(2);
if (command === "dump") {
  await dump(args[0] ?? "http://localhost:3000", args[1] ?? "/tmp/davmu-markup", (args[2] ?? "article").split(","));
} else if (command === "compare" && args[0] && args[1]) {
  const differing = compare(args[0], args[1]);
  console.log(differing === 0 ? "every page's markup is the same" : `${differing} pages differ`);
  process.exitCode = differing === 0 ? 0 : 1;
} else {
  console.error("usage: node scripts/page-markup.ts dump [origin] [out-dir] [types] | compare <dir-a> <dir-b>");
  process.exitCode = 2;
}
