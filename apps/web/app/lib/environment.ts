import type { PageEnvironment } from "../model/layout.ts";
import { isMiniProgram, isMobileUserAgent } from "./device.ts";

/** The environment as the user agent tells it: all the server knows. */
export function environmentFromUserAgent(ua: string): PageEnvironment {
  return { miniProgram: isMiniProgram(ua), mobile: isMobileUserAgent(ua) };
}
