import { showOpenAppGuide, type TagMounter } from "../../lib/open-app-state.ts";
import { pageDeepLink, pageWeapp, reportOpenApp } from "./open-app-report.ts";

/**
 * WeChat's open tags (R-WX-2, R-SHARE-3), part of the lazy WeChat chunk: `wx-open-launch-weapp` on
 * a mini-program item's page, else `wx-open-launch-app` carrying the item's deep link in `extinfo`,
 * laid transparent over an open button so the button keeps its look. A tag that cannot launch
 * (`launch:fail`, an unsupported scene) shows the guide overlay. Built with the DOM: its template
 * is a `text/wxtag-template` script that WeChat reads and no browser runs.
 */
export function openTagMounter(publicApiBase: string): TagMounter {
  return (host, { label, weapp, settings }) => {
    const mini = weapp ? pageWeapp() : null;
    if (!mini && !settings.wechatOpenAppId) return () => undefined;
    const tag = document.createElement(mini ? "wx-open-launch-weapp" : "wx-open-launch-app");
    if (mini) {
      tag.setAttribute("appid", mini.appid);
      tag.setAttribute("path", mini.path);
    } else {
      tag.setAttribute("appid", settings.wechatOpenAppId);
      tag.setAttribute("extinfo", pageDeepLink(settings.scheme));
    }
    tag.setAttribute(
      "style",
      "position:absolute;top:0;left:0;width:100%;height:100%;display:block;overflow:hidden;pointer-events:auto",
    );
    tag.setAttribute("data-testid", "wx-open-tag");
    const template = document.createElement("script");
    template.type = "text/wxtag-template";
    template.textContent =
      "<style>.t{display:block;width:100%;height:100px;border:0;padding:0;margin:0;background:transparent;color:transparent;font-size:14px}</style>" +
      `<button class="t">${label.replace(/[<>&"]/g, "")}</button>`;
    tag.appendChild(template);
    tag.addEventListener("click", () => reportOpenApp(publicApiBase, "wechat_tag", "tried"));
    tag.addEventListener("launch", () => reportOpenApp(publicApiBase, "wechat_tag", "opened"));
    tag.addEventListener("error", (event) => {
      console.warn("WeChat open tag failed:", (event as unknown as CustomEvent<{ errMsg?: string }>).detail?.errMsg);
      reportOpenApp(publicApiBase, "wechat_tag", "failed");
      showOpenAppGuide();
    });
    host.appendChild(tag);
    return () => {
      if (tag.parentNode === host) host.removeChild(tag);
    };
  };
}
