/**
 * The island protocol's names, shared by the server's `<Island>` and the browser's loader
 * (loader.ts describes the protocol). No React, no other import: the loader's chunk stays small.
 */

/** The wrapper element of an island: a custom element, drawn as if absent (`display: contents`). */
export const islandTag = "davmu-island";

/** When an island is hydrated: once the browser is idle, once it scrolls into view, or on first use. */
export type WakePolicy = "idle" | "visible" | "interaction";
export const wakePolicies: readonly WakePolicy[] = ["idle", "visible", "interaction"];

/** Attributes of the wrapper: the island's name in the registry, its policy, its props as JSON. */
export const nameAttribute = "data-island";
export const wakeAttribute = "data-wake";
export const propsAttribute = "data-props";
/** Set by the loader once the island is hydrated (the browser tests wait for it). */
export const awakeAttribute = "data-awake";

/**
 * On a control inside an island whose first answer to an anonymous visitor is the login popup and
 * nothing else (收藏, 关注, 登录): while the island sleeps, the page answers such a tap itself, without
 * waking the island (boot.ts, decision 072).
 */
export const loginFirstAttribute = "data-login-first";
/** The attribute as props, spread on such a control: `<button {...loginFirst}>`. */
export const loginFirst = { [loginFirstAttribute]: "" } as const;

/**
 * On a control whose answer is the open-app dialog and nothing else (打开App, 打开App阅读更多, and the
 * buttons for what only the app does: 点赞, 有用, 追问记者…): while its island sleeps, the page answers
 * a tap on it itself, for every visitor, and the island sleeps on (boot.ts, decision 073). Spread
 * with its handler as one: `opensTheApp` (features/open-app/opens-the-app.ts).
 */
export const opensAppAttribute = "data-opens-app";

/**
 * On a dialog a host's island draws on the server, hidden, as it looks when it first shows (the
 * open-app dialog, the login popup): a request made while the host sleeps shows it at once, and the
 * host, woken, takes it over (boot.ts, decision 077).
 */
export const drawnDialogAttribute = "data-drawn-dialog";

/**
 * `<html data-mini-program>`: the page is shown in a WeChat mini program's web view (decision 058;
 * set by lib/startup/mini-program.ts), where the open-app dialog reads otherwise.
 */
export const miniProgramAttribute = "data-mini-program";

/** Id of the JSON the server writes once per island page: what every island's providers need. */
export const islandPageId = "island-page";

export function isWakePolicy(value: string | null): value is WakePolicy {
  return value !== null && (wakePolicies as readonly string[]).includes(value);
}
