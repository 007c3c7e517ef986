import { siteBase } from "@davmu/contracts/site-path";
import { renderToStaticMarkup } from "react-dom/server";
import {
  createStaticHandler,
  createStaticRouter,
  Form as RouterForm,
  Link as RouterLink,
  StaticRouterProvider,
} from "react-router";
import { describe, expect, it } from "vitest";
import { jsonForScript, pageDataFromHtml, pageDataId } from "./page-data.ts";
import { Form, Link, PageRoot, startPage, useLocation } from "./shim.tsx";

/** Markup of React Router's own components at `url` inside the site, rendered by a data router as on the server. */
async function routerMarkup(url: string, element: React.ReactNode): Promise<string> {
  const handler = createStaticHandler([{ id: "root", path: "*", Component: () => <>{element}</> }], {
    basename: siteBase,
  });
  const context = await handler.query(new Request(`http://site${siteBase.slice(0, -1)}${url}`));
  if (context instanceof Response) throw new Error(`no page at ${url}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(<StaticRouterProvider router={router} context={context} hydrate={false} />);
}

/** Markup of the page router's components for a page at `url` (a path inside the site). */
function shimMarkup(url: string, element: React.ReactNode): string {
  const [pathname = "/", search = ""] = url.split(/(?=\?)/);
  const page = { routes: [{ id: "root", module: "", params: {}, pathname }], loaderData: {}, errors: null };
  startPage(page, [{ default: () => <>{element}</> }], { pathname, search, hash: "", state: null, key: "default" });
  return renderToStaticMarkup(<PageRoot />);
}

const pages = ["/", "/list/index.html?page=1", "/mp/doc/2026/11/BVm7Yy6w/index.html", "/search/index.html"];
const targets = [
  "/",
  "/?group=city",
  "?page=2",
  "?keyword=a%20b#top",
  "/search/index.html",
  "/search/index.html?keyword=%E6%B1%9F",
  "/mp/doc/2026/11/BVm7Yy6w/index.html",
  "/content_model/index.html?id=nav-life&group=life",
  "https://example.com/h5/page.html",
  "//cdn.example.com/x",
];

describe("page router", () => {
  it("R-WEB-SSR renders links as React Router renders them on the server, so hydration keeps the server's markup", async () => {
    for (const url of pages) {
      for (const to of targets) {
        const link = (C: typeof Link) => (
          <C to={to} className="card-link" aria-label="x">
            text
          </C>
        );
        const expected = await routerMarkup(url, link(RouterLink as unknown as typeof Link));
        expect(expected).toMatch(/^<a /);
        expect(shimMarkup(url, link(Link)), `${to} from ${url}`).toBe(expected);
      }
    }
  });

  it("R-WEB-SSR renders forms as React Router renders them on the server", async () => {
    for (const url of pages) {
      for (const action of ["/search/index.html", undefined]) {
        const form = (C: typeof Form) => (
          <C method="get" action={action} className="search-bar" role="search">
            <input name="keyword" />
          </C>
        );
        const expected = await routerMarkup(url, form(RouterForm as unknown as typeof Form));
        expect(expected).toMatch(/^<form [^>]*action="\/davmu\/share\//);
        expect(shimMarkup(url, form(Form)), `${action} from ${url}`).toBe(expected);
      }
    }
  });

  it("R-WEB-SSR gives the location inside the site, as React Router does", () => {
    function Where() {
      const { pathname, search } = useLocation();
      return <>{pathname + search}</>;
    }
    expect(shimMarkup("/list/index.html?page=3", <Where />)).toBe("/list/index.html?page=3");
  });

  it("R-SEC-XSS page data cannot close its script element, and reads back from a page", () => {
    const data = {
      routes: [],
      loaderData: { root: { title: "</script><script>alert(1)</script> & \u2028" } },
      errors: null,
    };
    const json = jsonForScript(data);
    expect(json).not.toMatch(/[<>&\u2028]/);
    const html = `<body><script type="application/json" id="${pageDataId}" nonce="n">${json}</script></body>`;
    expect(pageDataFromHtml(html)).toEqual(data);
    // promises (streamed parts) are left out: each streamed part carries its own value
    expect(JSON.parse(jsonForScript({ a: 1, more: Promise.resolve(2) }))).toEqual({ a: 1 });
  });
});
