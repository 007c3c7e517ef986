import { isRobot } from "@davmu/contracts/robot";
import { siteBasePath } from "@davmu/contracts/site-path";
import { sentByWideScreen, shouldUsePcWrapper } from "../../../lib/device.ts";
import { useContentT } from "../../../lib/i18n/content.ts";
import { keep, pageData } from "../../../lib/page-data.ts";
import { redirect } from "../../../lib/router.ts";
import { useSite } from "../../../lib/site-context.tsx";
import type { PageHandle } from "../../../page-styles.ts";
import { qrCodeSvg } from "../qr-code.server.ts";
import type { Route } from "./+types/pc";

/** The stylesheet parts this page draws with (page-styles.ts). */
export const handle: PageHandle = { styles: ["pc"] };

/** A path a URL parser could read as another host's: a backslash, white space or a control character. */
function hostileSegment(path: string): boolean {
  for (const char of path) if (char <= " " || char === "\\" || char === "\u007f" || /\s/.test(char)) return true;
  return false;
}

/**
 * Only pages of this site may be framed: a path under the base, never another origin. A URL parser
 * reads `/\host`, `//host` and `/<tab>/host` as another host, so a path (before its query) with a
 * backslash, white space or a control character, or a second slash after the base, falls back to home.
 */
export function frameSource(url: string | null): string {
  let path = url?.startsWith("/") && !hostileSegment(url.split(/[?#]/, 1)[0] as string) ? url : "/";
  if (path.startsWith(`${siteBasePath}/`)) path = path.slice(siteBasePath.length);
  if (path.startsWith("//") || path === "/pc" || path.startsWith("/pc?")) path = "/";
  const separator = path.includes("?") ? "&" : "?";
  return `${siteBasePath}${path}${separator}pc_frame=1`;
}

/** The address a phone opens from the code: the framed page on the origin the visitor reached, unframed. */
export function phoneUrl(src: string, origin: string): string {
  const url = new URL(src, origin);
  url.searchParams.delete("pc_frame");
  return url.href;
}

/**
 * The page itself, for a phone that opened /pc's address (a desktop's link pasted into WeChat): its
 * router path, without the frame's marker. A phone the screen sent here, turned wide, stays.
 */
export function phonePage(src: string, request: Request): string | null {
  const ua = request.headers.get("user-agent") ?? "";
  if (sentByWideScreen(new URL(request.url))) return null;
  // a crawler reads /pc as it is asked for (the framed page names its own canonical address)
  if (isRobot(ua) || shouldUsePcWrapper(ua)) return null;
  const url = new URL(src, "http://site.invalid");
  url.searchParams.delete("pc_frame");
  const page = url.pathname.slice(siteBasePath.length) + url.search;
  // a redirect goes to this site's own paths only, whatever the address held
  return url.origin === "http://site.invalid" && page.startsWith("/") && !page.startsWith("//") ? page : "/";
}

export async function loader({ request }: Route.LoaderArgs) {
  const src = frameSource(new URL(request.url).searchParams.get("url"));
  const page = phonePage(src, request);
  if (page !== null) throw redirect(page);
  const phone = phoneUrl(src, new URL(request.url).origin);
  return keep({ src, phone, qr: await qrCodeSvg(phone) });
}

const qrBox = {
  width: 148,
  height: 148,
  margin: "24px 0 0",
  padding: 6,
  boxSizing: "border-box",
  borderRadius: 12,
  background: "#fff",
  boxShadow: "0 2px 12px rgba(0, 0, 0, 0.08)",
} as const;

/** Desktop wrapper: the share page inside a phone frame, with its QR code and a note to open it on a phone. */
export default function PcWrapper({ loaderData: handle }: Route.ComponentProps) {
  const loaderData = pageData<typeof loader>(handle);
  const { site } = useSite();
  const t = useContentT();
  return (
    <main className="pc-page">
      <section className="pc-intro">
        {site.logo ? <img src={site.logo} alt="" width={64} height={64} className="pc-logo" /> : null}
        <h1>{site.name}</h1>
        <p>{site.description}</p>
        {/* the framed page's QR code, drawn on the server as SVG: no script on this page */}
        <figure
          className="pc-qr"
          style={qrBox}
          data-testid="pc-qr"
          title={loaderData.phone}
          dangerouslySetInnerHTML={{ __html: loaderData.qr }}
        />
        <p className="pc-hint">{t("pcHint")}</p>
      </section>
      <div className="pc-phone">
        <iframe title={t("pcFrameTitle", { site: site.name })} src={loaderData.src} className="pc-frame" />
      </div>
    </main>
  );
}
