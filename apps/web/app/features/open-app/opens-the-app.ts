import { opensAppAttribute } from "../../islands/protocol.ts";
import { emitOpenApp } from "../../lib/events.ts";

/**
 * The props of a control whose answer is the open-app dialog and nothing else (打开App, 点赞, 有用…):
 * its handler, which asks for the dialog, and the attribute that lets the page answer a tap on it
 * while its island sleeps (boot.ts, decision 073). Spread whole, `<button {...opensTheApp}>`, so the
 * attribute never sits on a control whose handler does more.
 */
export const opensTheApp = { onClick: emitOpenApp, [opensAppAttribute]: "" } as const;
