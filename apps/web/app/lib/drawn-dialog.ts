import { drawnDialogAttribute } from "../islands/protocol.ts";
import { keepTabInside } from "./focus-trap.ts";

/**
 * Dialogs a host's island draws on the server, hidden (`data-drawn-dialog`), which the page shows at a
 * tap while the host sleeps (decision 077): the open-app dialog, the login popup. No React: the
 * island loader's entry (islands/boot.ts) shows them, the host's dialog behaviour (lib/dialog.ts)
 * takes them over once it is awake. Until then the page keeps the keyboard in the dialog itself
 * (R-WEB-A11Y): Tab and Shift+Tab stay inside, Escape hides it again — a host that wakes slowly, or
 * not at all, leaves no keyboard visitor stranded outside a modal dialog.
 */

/** A dialog the page showed, until its host takes it over. */
interface Shown {
  /** What had focus before it showed: where focus goes back when it closes. */
  before: HTMLElement | null;
  /** Closed with Escape before the host woke: the host closes it as it takes over. */
  dismissed: boolean;
  /** Stops the page's keyboard handling of it. */
  release(): void;
}

const shown = new WeakMap<Element, Shown>();

/** Shows a dialog drawn hidden, focus where its host puts it: the first field, else the first button. */
export function showDrawnDialog(dialog: HTMLElement): void {
  if (!dialog.hidden) return;
  shown.get(dialog)?.release();
  const focused = document.activeElement;
  const before = focused instanceof HTMLElement && focused !== document.body ? focused : null;
  dialog.hidden = false;
  const first =
    dialog.querySelector<HTMLElement>("input") ?? dialog.querySelector<HTMLElement>("button:not([tabindex='-1'])");
  first?.focus();
  // the dialog box itself, not its shade (a button out of the Tab order)
  const box = dialog.querySelector<HTMLElement>('[role="dialog"]') ?? dialog;
  const onKey = (event: KeyboardEvent) => {
    if (event.key === "Escape") {
      event.preventDefault();
      state.dismissed = true;
      state.release();
      dialog.hidden = true;
      if (before && document.contains(before)) before.focus();
      return;
    }
    keepTabInside(box, event);
  };
  const state: Shown = {
    before,
    dismissed: false,
    release: () => document.removeEventListener("keydown", onKey),
  };
  document.addEventListener("keydown", onKey);
  shown.set(dialog, state);
}

/**
 * The host's taking over of the dialog `element` is in, once, as it shows it: the page stops handling
 * its keys, and the host learns what had focus before the page showed it and whether the visitor
 * closed it meanwhile. Null for a dialog the page did not show.
 */
export function takeOverDrawnDialog(element: Element): Pick<Shown, "before" | "dismissed"> | null {
  const dialog = element.closest(`[${drawnDialogAttribute}]`);
  const state = dialog ? shown.get(dialog) : undefined;
  if (!dialog || !state) return null;
  shown.delete(dialog);
  state.release();
  return { before: state.before, dismissed: state.dismissed };
}
