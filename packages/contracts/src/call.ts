import type { Static, TSchema } from "typebox";

// types and plain functions only: the browser's client imports this module, and TypeBox stays out of it

export type Method = "GET" | "POST" | "PUT" | "DELETE";

/**
 * Who may make a call:
 * - `public`: anyone, no token read (health, anonymous login);
 * - `optional`: a token is read when sent, and the call works without one;
 * - `token`: a live token, anonymous or a user's, in `authorization`;
 * - `user`: a logged-in user's token;
 * - `editor`: an editor's own session (cookie, and `x-csrf-token` on writes) whose role the call
 *   allows (`roles`); the content import alone also takes the editors' key in `x-api-key` (`importKey`).
 */
export type Access = "public" | "optional" | "token" | "user" | "editor";

/** The newsroom's roles (R-CONSOLE-2); an admin may make every editors' call. */
export type EditorRole = "admin" | "editor" | "moderator" | "analyst";

/** Answers by status (`200`, `400`, or a class such as `"4xx"`). */
export type Responses = { 200: TSchema } & Record<string, TSchema>;

/**
 * One call of the platform API, declared once: the API registers its route from it, the OpenAPI
 * document describes it from it, and the site's client calls it by it (and checks the answer
 * against `responses` on the server).
 */
export interface CallDeclaration<
  P extends TSchema | undefined = TSchema | undefined,
  Q extends TSchema | undefined = TSchema | undefined,
  B extends TSchema | undefined = TSchema | undefined,
  R extends Responses = Responses,
> {
  method: Method;
  /** Fastify-style path: `/peony/v1/comment/:post_id`. */
  path: string;
  access: Access;
  /**
   * For `editor` calls: the roles besides admin that may make it (`[]`: admin only). Every editors'
   * call declares it; the API enforces it and the OpenAPI document shows it (`x-roles`).
   */
  roles?: readonly Exclude<EditorRole, "admin">[];
  /** For the content import alone: the editors' key in `x-api-key` is taken too (machine to machine). */
  importKey?: boolean;
  summary: string;
  description?: string;
  tags: readonly string[];
  params?: P;
  query?: Q;
  body?: B;
  /** Request headers the call reads besides `authorization` and `X-Request-Id`. */
  headers?: TSchema;
  responses: R;
  /** False for the few calls that must be sent without `X-Request-Id` (spec §7). */
  requestId?: boolean;
}

export type AnyCall = CallDeclaration<TSchema | undefined, TSchema | undefined, TSchema | undefined, Responses>;

/** Declares a call; the literal types of its schemas carry through to the route and the client. */
export function defineCall<
  const P extends TSchema | undefined = undefined,
  const Q extends TSchema | undefined = undefined,
  const B extends TSchema | undefined = undefined,
  const R extends Responses = Responses,
>(declaration: CallDeclaration<P, Q, B, R>): CallDeclaration<P, Q, B, R> {
  return declaration;
}

/** The schema a call declares for a part of the request, or never when it declares none. */
type Declared<S> = Exclude<S, undefined>;
type StaticOr<S, Fallback> = [Declared<S>] extends [never]
  ? Fallback
  : Declared<S> extends TSchema
    ? Static<Declared<S>>
    : Fallback;

export type ParamsOf<C extends AnyCall> = StaticOr<C["params"], Record<string, never>>;
export type QueryOf<C extends AnyCall> = StaticOr<C["query"], Record<string, never>>;
export type BodyOf<C extends AnyCall> = StaticOr<C["body"], undefined>;
/** The success answer (status 200) of a call. */
export type OkAnswerOf<C extends AnyCall> = Static<C["responses"][200]>;

/** What a caller passes: params and body when declared; query fields with defaults may be left out. */
export type InputOf<C extends AnyCall> = ([Declared<C["params"]>] extends [never]
  ? unknown
  : { params: Static<Declared<C["params"]>> }) &
  ([Declared<C["query"]>] extends [never] ? unknown : { query?: Partial<Static<Declared<C["query"]>>> }) &
  ([Declared<C["body"]>] extends [never] ? unknown : { body: Static<Declared<C["body"]>> });

/** Fills `:name` segments of a declared path, each value URL-encoded. */
export function fillPath(path: string, params: Record<string, unknown> | undefined): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null || value === "") throw new TypeError(`${path}: missing :${name}`);
    return encodeURIComponent(String(value));
  });
}
