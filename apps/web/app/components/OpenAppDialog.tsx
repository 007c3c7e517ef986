import { useEffect, useRef, useState } from "react";
import { isMiniProgram } from "../lib/device.ts";
import { openAppEvent } from "../lib/events.ts";
import { useT } from "../lib/i18n/context.tsx";
import { useSite } from "../lib/site-context.tsx";

declare global {
  interface Window {
    __wxjs_environment?: string;
  }
}

/** Deep link into the native app for the page the visitor is on. */
function appLink(): string {
  return `jianglan://open?url=${encodeURIComponent(window.location.href)}`;
}

/**
 * Asks the visitor to open the native app; opened by the openApp event. In a mini program the
 * header and the confirm button are hidden and the cancel button reads 关闭弹窗.
 */
export function OpenAppDialog() {
  const { site } = useSite();
  const t = useT();
  const [open, setOpen] = useState(false);
  const [miniProgram, setMiniProgram] = useState(false);
  const cancelRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    const show = () => {
      setMiniProgram(isMiniProgram(navigator.userAgent, window.__wxjs_environment));
      setOpen(true);
    };
    window.addEventListener(openAppEvent, show);
    return () => window.removeEventListener(openAppEvent, show);
  }, []);

  useEffect(() => {
    if (!open) return;
    cancelRef.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [open]);

  if (!open) return null;
  return (
    <div className="dialog-mask" data-testid="open-app-dialog">
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby="open-app-text">
        {miniProgram ? null : <div className="dialog-header">{t("dialogTitle")}</div>}
        <p id="open-app-text" className="dialog-text">
          {t("openAppPrompt", { site: site.name })}
        </p>
        <div className="dialog-actions">
          <button ref={cancelRef} type="button" className="dialog-cancel" onClick={() => setOpen(false)}>
            {miniProgram ? t("dialogClose") : t("dialogCancel")}
          </button>
          {miniProgram ? null : (
            <button
              type="button"
              className="dialog-confirm"
              onClick={() => {
                setOpen(false);
                window.location.href = appLink();
              }}
            >
              {t("dialogConfirm")}
            </button>
          )}
        </div>
      </div>
    </div>
  );
}
