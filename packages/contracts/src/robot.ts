import { isbot } from "isbot";

/**
 * Whether a user agent is a robot's (R-FIELD-1): isbot's maintained list of crawlers, link unfurlers
 * and scripts, less the words of Chinese apps' user agents that the list takes for robots' names:
 * WeChat for Android says `Process/tools` or `Process/toolsmp` (the list's "tools"), Alipay
 * `AlipayDefined(nt:WIFI,ws:360|0|3.0)` (its "|"), Toutiao `NewsArticle/` (its " News"). Those tokens
 * are taken out before the list is asked, so a robot that adds them is still caught by its own name.
 * Server-side only (the list is large); what kind of browser a person is in is ./user-agent.ts.
 * Proved over real user agents by user-agent-corpus.json.
 */
const personTokens = /\bProcess\/\w+|AlipayDefined\([^)]*\)|\bNewsArticle\//g;

/** Answers by user agent: a page asks about its visitor's several times (the page cache, the loader, the entry). */
const answers = new Map<string, boolean>();
/** Past this many user agents, the answers kept are forgotten and kept anew. */
export const robotAnswersKept = 256;

export function isRobot(ua: string): boolean {
  let robot = answers.get(ua);
  if (robot === undefined) {
    robot = isbot(ua.replace(personTokens, " "));
    if (answers.size >= robotAnswersKept) answers.clear();
    answers.set(ua, robot);
  }
  return robot;
}
