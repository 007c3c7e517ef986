import { type RefObject, useLayoutEffect, useRef } from "react";
import { focusBeforeShown } from "./drawn-dialog.ts";

const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where Tab goes from `index` among `count` focusable elements, wrapping at both ends. */
export function nextFocusIndex(index: number, count: number, backwards: boolean): number {
  if (count === 0) return -1;
  if (index < 0) return backwards ? count - 1 : 0;
  return backwards ? (index - 1 + count) % count : (index + 1) % count;
}

/**
 * A modal dialog's keyboard behaviour (R-WEB-A11Y): focus moves into it when it opens, Tab and
 * Shift+Tab stay inside, Escape closes it, and focus returns where it was when it closes. Set up as
 * the dialog is committed, before it is painted: a key pressed as soon as it shows is its own, and
 * the element focused before it is the one that opened it (an effect may run a frame later). A dialog
 * drawn hidden (`open` false) has none of it until it shows.
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
    // where focus goes back: what had it before the dialog showed, the page's showing of it included
    const before = focusBeforeShown(root) ?? (document.activeElement as HTMLElement | null);
    const first = initial?.current || root.querySelector<HTMLElement>(focusableSelector) || root;
    first.focus();

    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        event.preventDefault();
        close.current();
        return;
      }
      if (event.key !== "Tab") return;
      const items = Array.from(root.querySelectorAll<HTMLElement>(focusableSelector)).filter(
        (el) => el.offsetParent !== null || el === document.activeElement,
      );
      const index = items.indexOf(document.activeElement as HTMLElement);
      const next = items[nextFocusIndex(index, items.length, event.shiftKey)];
      event.preventDefault();
      if (next) next.focus();
    };
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("keydown", onKey);
      if (before && typeof before.focus === "function" && document.contains(before)) before.focus();
    };
  }, [ref, initial, open]);
}
