/**
 * Keeping the keyboard inside a modal dialog (R-WEB-A11Y), without React: the dialog hook
 * (lib/dialog.ts) and the page's showing of a dialog drawn hidden (lib/drawn-dialog.ts) share it.
 */

export const focusableSelector =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** Where Tab goes from `index` among `count` focusable elements, wrapping at both ends. */
export function nextFocusIndex(index: number, count: number, backwards: boolean): number {
  if (count === 0) return -1;
  if (index < 0) return backwards ? count - 1 : 0;
  return backwards ? (index - 1 + count) % count : (index + 1) % count;
}

/**
 * Answers a Tab or Shift+Tab keydown inside `root`: focus goes to the next (or previous) element of
 * `root` that can take it and is shown, wrapping at both ends, never out of it. Other keys are left alone.
 */
export function keepTabInside(root: HTMLElement, event: KeyboardEvent): void {
  if (event.key !== "Tab") return;
  const items = Array.from(root.querySelectorAll<HTMLElement>(focusableSelector)).filter(
    (el) => el.offsetParent !== null || el === document.activeElement,
  );
  const index = items.indexOf(document.activeElement as HTMLElement);
  const next = items[nextFocusIndex(index, items.length, event.shiftKey)];
  event.preventDefault();
  if (next) next.focus();
}
