import type { Access, AnyCall, BodyOf, OkAnswerOf, ParamsOf, QueryOf } from "@davmu/contracts/call";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteShorthandOptions,
} from "fastify";

/** The request a call's handler gets: params, query and body typed by the call's declaration. */
export type CallRequest<C extends AnyCall> = FastifyRequest<{
  Params: ParamsOf<C>;
  Querystring: QueryOf<C>;
  Body: BodyOf<C>;
}>;

/** A call's handler answers its success envelope, or sends another declared answer through the reply. */
export type CallHandler<C extends AnyCall> = (
  request: CallRequest<C>,
  reply: FastifyReply,
) => Promise<OkAnswerOf<C> | FastifyReply> | OkAnswerOf<C> | FastifyReply;

/** What a module may add to a declared call: its limits and hooks that run after the access check. */
export interface RouteExtras {
  config?: RouteShorthandOptions["config"];
  bodyLimit?: number;
  /** onRequest hooks run after the access check (a kept answer sent early, say). */
  onRequest?: onRequestHookHandler[];
}

function accessHook(app: FastifyInstance, access: Access): onRequestHookHandler | null {
  switch (access) {
    case "public":
      return null;
    case "optional":
      return app.optionalSession;
    case "token":
      return app.requireSession;
    case "user":
      return app.requireUser;
    case "editor":
      return app.requireEditor;
  }
}

/** The call's security requirement in the OpenAPI document (an `optional` call works without a token). */
function security(access: Access): { security?: Record<string, string[]>[] } {
  if (access === "public") return {};
  if (access === "editor") return { security: [{ editorKey: [] }] };
  return { security: access === "optional" ? [{}, { token: [] }] : [{ token: [] }] };
}

/**
 * Registers a call from its declaration: method, path, the access check, and every schema (which
 * validate the request, serialise the answer and describe the call in the OpenAPI document). The
 * module supplies only the handler and what it adds.
 */
export function route<C extends AnyCall>(
  app: FastifyInstance,
  call: C,
  handler: CallHandler<C>,
  extras: RouteExtras = {},
): void {
  const access = accessHook(app, call.access);
  const onRequest = [...(access ? [access] : []), ...(extras.onRequest ?? [])];
  app.route({
    method: call.method,
    url: call.path,
    ...(onRequest.length ? { onRequest } : {}),
    ...(extras.config ? { config: extras.config } : {}),
    ...(extras.bodyLimit ? { bodyLimit: extras.bodyLimit } : {}),
    schema: {
      tags: [...call.tags],
      summary: call.summary,
      ...(call.description ? { description: call.description } : {}),
      ...(call.params ? { params: call.params } : {}),
      ...(call.query ? { querystring: call.query } : {}),
      ...(call.body ? { body: call.body } : {}),
      ...(call.headers ? { headers: call.headers } : {}),
      response: call.responses,
      ...security(call.access),
    },
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
