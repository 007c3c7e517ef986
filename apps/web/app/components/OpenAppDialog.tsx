import { type ComponentType, useCallback, useEffect, useRef, useState } from "react";
import { isMiniProgram } from "../lib/device.ts";
import { openAppEvent } from "../lib/events.ts";
import { useT } from "../lib/i18n/context.tsx";
import { lazyComponent } from "../lib/lazy-component.ts";
import { guideEvent, showOpenAppGuide, useOpenAppSettings, wxTagState } from "../lib/open-app.ts";
import { useRouteLoaderData } from "../lib/router.ts";
import { useSite } from "../lib/site-context.tsx";
import { startWechat } from "../lib/wechat.ts";
import type { OpenAppGuideProps } from "./OpenAppGuide.tsx";
import { openButtonBox, WxOpenTag } from "./WxOpenTag.tsx";

/** The chain outside WeChat (decision 023), fetched when the dialog first shows. */
const loadChain = () => import("../lib/open-app-chain.ts");
const loadGuide = lazyComponent<OpenAppGuideProps>(() => import("./OpenAppGuide.tsx").then((m) => m.OpenAppGuide));

/**
 * Asks the visitor to open the native app; opened by the openApp event. In a mini program the
 * header and the confirm button are hidden and the cancel button reads 关闭弹窗. In WeChat the
 * confirm button is an open tag (R-SHARE-3): it launches the app, or the guide overlay shows; outside
 * WeChat it runs the open-app chain. Mounted once on every page, it also starts WeChat's JS-SDK
 * there (inside WeChat only, after hydration) and hosts the guide overlay.
 */
export function OpenAppDialog() {
  const { site } = useSite();
  const t = useT();
  const settings = useOpenAppSettings();
  const publicApiBase = (useRouteLoaderData("root") as { publicApiBase?: string } | undefined)?.publicApiBase ?? "";
  const [open, setOpen] = useState(false);
  const [miniProgram, setMiniProgram] = useState(false);
  const [Guide, setGuide] = useState<ComponentType<OpenAppGuideProps> | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const closeGuide = useCallback(() => setGuide(null), []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page; the API base does not change
  useEffect(() => {
    startWechat(publicApiBase);
    const show = () => {
      setMiniProgram(isMiniProgram(navigator.userAgent, window.__wxjs_environment));
      setOpen(true);
      if (wxTagState() === "off") loadChain().catch(() => undefined);
    };
    const guide = () => {
      setOpen(false);
      loadGuide()
        .then((component) => setGuide(() => component))
        .catch((error) => console.warn("open-app guide failed to load:", error));
    };
    window.addEventListener(openAppEvent, show);
    window.addEventListener(guideEvent, guide);
    return () => {
      window.removeEventListener(openAppEvent, show);
      window.removeEventListener(guideEvent, guide);
    };
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

  /** A tap that reached the button itself: outside WeChat the chain; in WeChat no tag took it, so the guide. */
  function confirm() {
    setOpen(false);
    if (wxTagState() !== "off") {
      showOpenAppGuide();
      return;
    }
    loadChain()
      .then((chain) => chain.openApp(settings, publicApiBase))
      .catch((error) => console.warn("open-app chain failed:", error));
  }

  const guide = Guide ? <Guide publicApiBase={publicApiBase} siteName={site.name} onClose={closeGuide} /> : null;
  if (!open) return guide;
  return (
    <>
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
              <span style={{ ...openButtonBox, flex: 1 }}>
                <button type="button" className="dialog-confirm" onClick={confirm}>
                  {t("dialogConfirm")}
                </button>
                <WxOpenTag label={t("dialogConfirm")} weapp />
              </span>
            )}
          </div>
        </div>
      </div>
      {guide}
    </>
  );
}
