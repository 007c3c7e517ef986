import { type CSSProperties, useLayoutEffect, useRef, useState } from "react";
import { copyInTap, type DownloadTarget, downloadTarget } from "./open-app-download.ts";
import { reportOpenApp } from "./open-app-report.ts";

export interface OpenAppGuideProps {
  publicApiBase: string;
  siteName: string;
  onClose(): void;
}

const mask: CSSProperties = {
  position: "fixed",
  top: 0,
  left: 0,
  right: 0,
  bottom: 0,
  zIndex: 1000,
  background: "rgba(0, 0, 0, 0.82)",
  color: "#fff",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  padding: "0 32px",
  textAlign: "center",
};
const arrow: CSSProperties = { position: "absolute", top: 6, right: 18 };
const step: CSSProperties = {
  display: "flex",
  alignItems: "center",
  gap: 10,
  margin: "0 0 18px",
  fontSize: 18,
  lineHeight: 1.5,
};
const badge: CSSProperties = {
  flex: "none",
  width: 24,
  height: 24,
  borderRadius: 12,
  background: "var(--theme-text, #d63e20)",
  fontSize: 14,
  lineHeight: "24px",
  fontWeight: 600,
};
const dots: CSSProperties = {
  display: "inline-block",
  padding: "0 8px",
  margin: "0 4px",
  borderRadius: 12,
  background: "rgba(255, 255, 255, 0.2)",
  fontWeight: 700,
  letterSpacing: 2,
};
const primary: CSSProperties = {
  width: "100%",
  maxWidth: 280,
  height: 44,
  marginTop: 36,
  border: 0,
  borderRadius: 22,
  background: "var(--theme-text, #d63e20)",
  color: "#fff",
  fontSize: 16,
  fontWeight: 600,
};
const secondary: CSSProperties = {
  marginTop: 14,
  padding: "8px 16px",
  border: "1px solid rgba(255, 255, 255, 0.6)",
  borderRadius: 18,
  background: "transparent",
  color: "#fff",
  fontSize: 14,
};

/**
 * The guide shown in WeChat when an open tag cannot launch the app (R-SHARE-3): 点击右上角 ···,
 * 选择「在浏览器打开」, with the app's download page as the next step. The download address and the
 * item's deferred-link code are fetched as the guide opens, so the visitor's tap can copy the code
 * (R-SHARE-4: on their own tap only) and leave at once.
 */
export function OpenAppGuide({ publicApiBase, siteName, onClose }: OpenAppGuideProps) {
  const [target, setTarget] = useState<DownloadTarget | null | undefined>(undefined);
  const closeRef = useRef<HTMLButtonElement>(null);

  // focus and Escape set up as the guide is drawn (a layout effect): a key pressed as it shows is kept
  useLayoutEffect(() => {
    let live = true;
    closeRef.current?.focus();
    reportOpenApp(publicApiBase, "guide", "tried");
    downloadTarget(publicApiBase)
      .then((found) => {
        if (live) setTarget(found);
      })
      .catch(() => {
        if (live) setTarget(null);
      });
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") onClose();
    };
    window.addEventListener("keydown", onKey);
    return () => {
      live = false;
      window.removeEventListener("keydown", onKey);
    };
  }, [publicApiBase, onClose]);

  function download() {
    if (!target) return;
    if (target.code) copyInTap(`【${siteName}】打开客户端查看内容 ${target.code}`);
    reportOpenApp(publicApiBase, "download", "tried");
    window.location.href = target.url;
  }

  return (
    <div style={mask} role="dialog" aria-modal="true" aria-labelledby="open-guide-title" data-testid="open-app-guide">
      <svg style={arrow} width="96" height="110" viewBox="0 0 96 110" aria-hidden="true">
        <path d="M14 104 C 20 60, 44 30, 80 14" stroke="#fff" strokeWidth="3" fill="none" strokeDasharray="6 6" />
        <path d="M64 8 L84 12 L76 31" stroke="#fff" strokeWidth="3" fill="none" strokeLinecap="round" />
      </svg>
      <h2 id="open-guide-title" style={{ margin: "128px 0 6px", fontSize: 22, fontWeight: 600 }}>
        在浏览器中打开
      </h2>
      <p style={{ margin: "0 0 28px", fontSize: 14, opacity: 0.75 }}>即可跳转{siteName}客户端继续阅读</p>
      <div>
        <p style={step}>
          <span style={badge}>1</span>
          <span>
            点击右上角<span style={dots}>···</span>
          </span>
        </p>
        <p style={step}>
          <span style={badge}>2</span>
          <span>选择「在浏览器打开」</span>
        </p>
      </div>
      <button
        type="button"
        style={{ ...primary, opacity: target ? 1 : 0.6 }}
        onClick={download}
        disabled={!target}
        data-testid="open-app-guide-download"
      >
        {target === undefined ? "正在获取下载地址…" : target ? `还没有客户端？下载${siteName}` : "暂无下载地址"}
      </button>
      <button ref={closeRef} type="button" style={secondary} onClick={onClose}>
        我知道了
      </button>
    </div>
  );
}
