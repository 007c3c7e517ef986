import { type ComponentType, useCallback, useEffect, useLayoutEffect, useRef, useState } from "react";
import { drawnDialogAttribute } from "../../islands/protocol.ts";
import { listenForRequests } from "../../islands/store.ts";
import { useShared } from "../../islands/use-shared.ts";
import { isMiniProgram, shouldUsePcWrapper } from "../../lib/device.ts";
import { useDialog } from "../../lib/dialog.ts";
import { useT } from "../../lib/i18n/context.tsx";
import { lazyComponent } from "../../lib/lazy-component.ts";
import { usePageSettings } from "../../lib/page-settings.tsx";
import { useSite } from "../../lib/site-context.tsx";
import { toast } from "../../lib/toast.ts";
import type { OpenAppGuideProps } from "./OpenAppGuide.tsx";
import { showOpenAppGuide, useOpenAppSettings, wxTagState } from "./open-app.ts";
import { openButtonBox, WxOpenTag } from "./WxOpenTag.tsx";
import { startWechat } from "./wechat.ts";

// the page-wide open-app requests (lib/events.ts) are counted in the islands' store from now on
listenForRequests();

/** The chain outside WeChat (decision 023), fetched when the dialog first shows. */
const loadChain = () => import("./open-app-chain.ts");
const loadGuide = lazyComponent<OpenAppGuideProps>(() => import("./OpenAppGuide.tsx").then((m) => m.OpenAppGuide));

/**
 * Asks the visitor to open the native app; opened by each openApp request (counted in the islands'
 * store, so on an island page, where it is an island woken by the first request, that one is answered). In a mini program the
 * header and the confirm button are hidden and the cancel button reads 关闭弹窗. In WeChat the
 * confirm button is an open tag (R-SHARE-3): it launches the app, or the guide overlay shows; outside
 * WeChat it runs the open-app chain. Mounted once on every page, it also starts WeChat's JS-SDK
 * there (inside WeChat only, after hydration) and hosts the guide overlay.
 */
export function OpenAppDialog() {
  const { site } = useSite();
  const t = useT();
  const settings = useOpenAppSettings();
  const { publicApiBase } = usePageSettings();
  const [open, setOpen] = useState(false);
  const [miniProgram, setMiniProgram] = useState(false);
  const [Guide, setGuide] = useState<ComponentType<OpenAppGuideProps> | null>(null);
  const cancelRef = useRef<HTMLButtonElement>(null);
  const dialogRef = useRef<HTMLDivElement>(null);
  const closeDialog = useCallback(() => setOpen(false), []);
  const closeGuide = useCallback(() => setGuide(null), []);
  const requests = useShared((s) => s.openAppRequests);
  const guideRequests = useShared((s) => s.guideRequests);

  // biome-ignore lint/correctness/useExhaustiveDependencies: once per page; the API base does not change
  useEffect(() => startWechat(publicApiBase), []);

  // each request for the guide counted in the store shows it, one made before this host woke included
  useEffect(() => {
    if (guideRequests === 0) return;
    setOpen(false);
    loadGuide()
      .then((component) => setGuide(() => component))
      .catch((error) => console.warn("open-app guide failed to load:", error));
  }, [guideRequests]);

  // each request counted in the store opens the dialog, one made before this host woke included; in
  // a layout effect, so the dialog is drawn before the browser paints, not a frame later
  useLayoutEffect(() => {
    if (requests === 0) return;
    setMiniProgram(isMiniProgram(navigator.userAgent, window.__wxjs_environment));
    setOpen(true);
    // what 立即前往 ends in comes as the dialog shows, so the tap answers without a round of requests
    // (decision 073): outside WeChat the chain; in WeChat the guide to the browser, which shows when no
    // open tag takes the tap or the app does not launch
    if (wxTagState() === "off") loadChain().catch(() => undefined);
    else loadGuide().catch(() => undefined);
  }, [requests]);

  // focus, Tab and Escape are set up as the dialog is drawn (R-WEB-A11Y): a key pressed as it shows
  // is not lost (a passive effect runs a frame later in the browser's renderer, decision 070); one the
  // page showed while this host slept is taken over from it (decision 077)
  useDialog(dialogRef, closeDialog, cancelRef, open);

  /** A tap that reached the button itself: outside WeChat the chain; in WeChat no tag took it, so the guide. */
  function confirm() {
    setOpen(false);
    // on a computer (desktop WeChat among them) no app of a phone opens from here: a scheme, intent or
    // APK would only replace the framed page with an error; the wrapper's QR code opens it on a phone
    if (shouldUsePcWrapper(navigator.userAgent)) {
      toast(t("openAppOnPhone"));
      return;
    }
    if (wxTagState() !== "off") {
      showOpenAppGuide();
      return;
    }
    loadChain()
      .then((chain) => chain.openApp(settings, publicApiBase))
      .catch((error) => console.warn("open-app chain failed:", error));
  }

  const guide = Guide ? <Guide publicApiBase={publicApiBase} siteName={site.name} onClose={closeGuide} /> : null;
  // drawn hidden by the server too: a request made while this host sleeps shows it at once (decision 077)
  return (
    <>
      <div className="dialog-mask" data-testid="open-app-dialog" hidden={!open} {...{ [drawnDialogAttribute]: "" }}>
        <div ref={dialogRef} className="dialog" role="dialog" aria-modal="true" aria-labelledby="open-app-text">
          {miniProgram ? null : <div className="dialog-header">{t("dialogTitle")}</div>}
          <p id="open-app-text" className="dialog-text">
            {t("openAppPrompt", { site: site.name })}
          </p>
          <div className="dialog-actions">
            <button ref={cancelRef} type="button" className="dialog-cancel" onClick={closeDialog}>
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
