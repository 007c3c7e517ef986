/**
 * The components the site uses (decision 014): `Link` and `Form` render React Router's server markup
 * (the browser follows and submits them itself: a document load), `Await` a deferred value, and
 * `Meta` and `Links` nothing (the head stays as the server wrote it).
 */
import { type AnchorHTMLAttributes, Component, type FormHTMLAttributes, forwardRef, type ReactNode, use } from "react";
import { useLocation } from "./hooks.ts";
import { absoluteUrl, createHref, type To } from "./href.ts";

type LinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  to: To;
  discover?: "render" | "none";
  prefetch?: string;
  reloadDocument?: boolean;
  replace?: boolean;
  state?: unknown;
  preventScrollReset?: boolean;
  relative?: string;
  viewTransition?: boolean;
};

/** React Router's `<Link>` markup (href with the base, data-discover); a click is the browser's own. */
export const Link = /* @__PURE__ */ forwardRef<HTMLAnchorElement, LinkProps>(function Link(
  {
    to,
    discover = "render",
    prefetch: _prefetch,
    reloadDocument: _reload,
    replace: _replace,
    state: _state,
    preventScrollReset: _preventScrollReset,
    relative: _relative,
    viewTransition: _viewTransition,
    ...rest
  },
  ref,
) {
  const { pathname } = useLocation();
  const absolute = typeof to === "string" && absoluteUrl.test(to);
  return (
    <a
      {...rest}
      href={absolute ? (to as string) : createHref(to, pathname)}
      ref={ref}
      data-discover={!absolute && discover === "render" ? "true" : undefined}
    />
  );
});

type FormProps = Omit<FormHTMLAttributes<HTMLFormElement>, "action"> & {
  action?: string;
  discover?: "render" | "none";
  reloadDocument?: boolean;
  replace?: boolean;
  preventScrollReset?: boolean;
  navigate?: boolean;
};

/** React Router's `<Form>` markup; submitting is the browser's own (a document load). */
export const Form = forwardRef<HTMLFormElement, FormProps>(function Form(
  {
    method = "get",
    action,
    discover = "render",
    reloadDocument: _reload,
    replace: _replace,
    preventScrollReset: _preventScrollReset,
    navigate: _navigate,
    ...props
  },
  ref,
) {
  const { pathname, search } = useLocation();
  const absolute = typeof action === "string" && absoluteUrl.test(action);
  const formAction = absolute ? action : createHref(action ?? `${pathname}${search}`, pathname);
  return (
    <form
      ref={ref}
      method={method.toLowerCase() === "get" ? "get" : "post"}
      action={formAction}
      {...props}
      data-discover={!absolute && discover === "render" ? "true" : undefined}
    />
  );
});

class AwaitBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

function Resolved<T>(props: { resolve: T | Promise<T>; children: ReactNode | ((value: T) => ReactNode) }) {
  const { resolve, children } = props;
  const value =
    resolve !== null && typeof resolve === "object" && typeof (resolve as Promise<T>).then === "function"
      ? use(resolve as Promise<T>)
      : (resolve as T);
  return <>{typeof children === "function" ? children(value) : children}</>;
}

/** A deferred value, suspending until it settles; `errorElement` when it fails. */
export function Await<T>(props: {
  resolve: T | Promise<T>;
  errorElement?: ReactNode;
  children: ReactNode | ((value: T) => ReactNode);
}) {
  return (
    <AwaitBoundary fallback={props.errorElement ?? null}>
      <Resolved resolve={props.resolve}>{props.children}</Resolved>
    </AwaitBoundary>
  );
}

/** The head's tags stay as the server rendered them: pages never change in place. */
export function Meta() {
  return null;
}
export function Links() {
  return null;
}
