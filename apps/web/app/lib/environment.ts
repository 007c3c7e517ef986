import { useEffect, useState } from "react";
import type { PageEnvironment } from "../model/layout.ts";
import { isMiniProgram, isMobileUserAgent } from "./device.ts";

/** The environment as the user agent tells it: all the server knows. */
export function environmentFromUserAgent(ua: string): PageEnvironment {
  return { miniProgram: isMiniProgram(ua), mobile: isMobileUserAgent(ua) };
}

/**
 * The page environment: the server's guess from the user agent, then, once in the browser, the
 * mini program as WeChat's JS bridge reports it (`window.__wxjs_environment === "miniprogram"`).
 */
export function usePageEnvironment(fromServer: PageEnvironment): PageEnvironment {
  const [env, setEnv] = useState(fromServer);
  useEffect(() => {
    const check = () => {
      const miniProgram = isMiniProgram(navigator.userAgent, window.__wxjs_environment);
      setEnv((current) => (current.miniProgram === miniProgram ? current : { ...current, miniProgram }));
    };
    check();
    // the bridge sets the flag when it is ready, which may be after the page loads
    document.addEventListener("WeixinJSBridgeReady", check);
    return () => document.removeEventListener("WeixinJSBridgeReady", check);
  }, []);
  return env;
}
