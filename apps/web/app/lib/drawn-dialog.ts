import { drawnDialogAttribute } from "../islands/protocol.ts";

/**
 * Dialogs a host's island draws on the server, hidden (`data-drawn-dialog`), which the page shows at a
 * tap while the host sleeps (decision 077): the open-app dialog, the login popup. No React: the
 * island loader's entry (islands/boot.ts) shows them, the host's dialog behaviour (lib/dialog.ts)
 * takes them over once it is awake.
 */

/** What had focus before the page showed a dialog, for the host to give it back when it closes. */
const focusedBefore = new WeakMap<Element, HTMLElement>();

/** Shows a dialog drawn hidden, focus where its host puts it: the first field, else the first button. */
export function showDrawnDialog(dialog: HTMLElement): void {
  if (!dialog.hidden) return;
  const before = document.activeElement;
  if (before instanceof HTMLElement && before !== document.body) focusedBefore.set(dialog, before);
  dialog.hidden = false;
  const first =
    dialog.querySelector<HTMLElement>("input") ?? dialog.querySelector<HTMLElement>("button:not([tabindex='-1'])");
  first?.focus();
}

/**
 * What had focus before the page showed the drawn dialog `element` is in, once: where focus goes back
 * when it closes. Null for a dialog the page did not show.
 */
export function focusBeforeShown(element: Element): HTMLElement | null {
  const dialog = element.closest(`[${drawnDialogAttribute}]`);
  const before = dialog ? focusedBefore.get(dialog) : undefined;
  if (dialog) focusedBefore.delete(dialog);
  return before ?? null;
}
