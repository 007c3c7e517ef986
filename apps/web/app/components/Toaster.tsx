import { useExternalState } from "../lib/hydrated.ts";
import { toasts } from "../lib/toast.ts";

const none = () => null;

/** The page's one toast: a dark pill in the middle of the screen, read out politely. */
export function Toaster() {
  const item = useExternalState(toasts.subscribe, toasts.current, none);
  return (
    <div className="toast-region" role="status" aria-live="polite" data-testid="toast">
      {item ? (
        <div key={item.id} className="toast">
          {item.text}
        </div>
      ) : null}
    </div>
  );
}
