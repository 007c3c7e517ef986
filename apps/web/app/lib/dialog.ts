import { type RefObject, useLayoutEffect, useRef } from "react";
import { takeOverDrawnDialog } from "./drawn-dialog.ts";
import { focusableSelector, keepTabInside } from "./focus-trap.ts";

/**
 * A modal dialog's keyboard behaviour (R-WEB-A11Y): focus moves into it when it opens, Tab and
 * Shift+Tab stay inside, Escape closes it, and focus returns where it was when it closes. Set up as
 * the dialog is committed, before it is painted: a key pressed as soon as it shows is its own, and
 * the element focused before it is the one that opened it (an effect may run a frame later). A dialog
 * drawn hidden (`open` false) has none of it until it shows; one the page showed while its host slept
 * (lib/drawn-dialog.ts) is taken over from the page, and closed at once if the visitor closed it meanwhile.
 */
export function useDialog(
  ref: RefObject<HTMLElement | null>,
  onClose: () => void,
  initial?: RefObject<HTMLElement | null>,
  open = true,
) {
  const close = useRef(onClose);
  close.current = onClose;

  useLayoutEffect(() => {
    const root = ref.current;
    if (!root || !open) return;
    const drawn = takeOverDrawnDialog(root);
    if (drawn?.dismissed) {
      close.current();
      return;
    }
    // where focus goes back: what had it before the dialog showed, the page's showing of it included
    const before = drawn ? drawn.before : (document.activeElement as HTMLElement | null);
    // (a visitor who moved on in a dialog the page showed stays where they are)
    if (!(drawn && root.contains(document.activeElement))) {
      const first = initial?.current || root.querySelector<HTMLElement>(focusableSelector) || root;
      first.focus();
    }

    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close.current();
        return;
      }
      keepTabInside(root, event);
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (before && typeof before.focus === "function" && document.contains(before)) before.focus();
    };
  }, [ref, initial, open]);
}
