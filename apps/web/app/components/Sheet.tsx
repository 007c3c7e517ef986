import { type ReactNode, type RefObject, useRef } from "react";
import { useDialog } from "../lib/dialog.ts";
// sheets load on first use, their rules with them (no page draws a sheet before)
import "../styles/sheets.css";

/**
 * A modal bottom sheet (centred on wide screens): labelled dialog, focus kept inside, Escape or a
 * tap on the shade closes it.
 */
export function Sheet(props: {
  labelledBy: string;
  className: string;
  testId: string;
  onClose(): void;
  initialFocus?: RefObject<HTMLElement | null>;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useDialog(ref, props.onClose, props.initialFocus);
  return (
    <div className="sheet-mask" data-testid={props.testId}>
      <button type="button" className="sheet-shade" tabIndex={-1} aria-hidden="true" onClick={props.onClose} />
      <div
        ref={ref}
        className={`sheet ${props.className}`}
        role="dialog"
        aria-modal="true"
        aria-labelledby={props.labelledBy}
        tabIndex={-1}
      >
        {props.children}
      </div>
    </div>
  );
}
