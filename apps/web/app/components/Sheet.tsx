import { type ReactNode, type RefObject, useRef } from "react";
import { drawnDialogAttribute } from "../islands/protocol.ts";
import { useDialog } from "../lib/dialog.ts";

/**
 * A modal bottom sheet (centred on wide screens): labelled dialog, focus kept inside, Escape or a
 * tap on the shade closes it. `open` false draws it hidden, as a host's island draws it on the server
 * for the page to show at a tap while the host sleeps (decision 077); its keyboard behaviour starts
 * when it shows.
 */
export function Sheet(props: {
  labelledBy: string;
  className: string;
  testId: string;
  onClose(): void;
  initialFocus?: RefObject<HTMLElement | null>;
  open?: boolean;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDivElement>(null);
  const open = props.open ?? true;
  useDialog(ref, props.onClose, props.initialFocus, open);
  return (
    <div className="sheet-mask" data-testid={props.testId} hidden={!open} {...{ [drawnDialogAttribute]: "" }}>
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
