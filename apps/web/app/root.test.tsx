import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "./root.tsx";

/** Renders the root error boundary for a thrown value, inside a router as in the app. */
async function renderError(thrown: unknown): Promise<string> {
  const router = createMemoryRouter(
    [
      {
        path: "/",
        loader: () => {
          throw thrown;
        },
        Component: () => null,
        // biome-ignore lint/suspicious/noExplicitAny: the boundary's generated prop types are not needed here
        ErrorBoundary: (props: any) => <ErrorBoundary {...props} />,
        HydrateFallback: () => null,
      },
    ],
    { initialEntries: ["/"] },
  );
  await router.initialize();
  await new Promise((resolve) => setTimeout(resolve, 0));
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("root error boundary", () => {
  it("R-ROUTE-3 an unexpected error shows status 500 and a message, with no home link", async () => {
    const html = await renderError(new Error("database exploded"));
    expect(html).toContain('<div class="error-code" aria-hidden="true">500</div>');
    expect(html).toContain("页面出错了，请稍后重试");
    expect(html).not.toContain("database exploded");
    expect(html).not.toContain("返回首页");
  });
});
