import type { Access, AnyCall, BodyOf, OkAnswerOf, ParamsOf, QueryOf } from "@davmu/contracts/call";
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  onRequestHookHandler,
  RouteShorthandOptions,
} from "fastify";

declare module "fastify" {
  interface FastifyContextConfig {
    /** The declaration the route was registered from. */
    call?: AnyCall;
  }
}

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

function accessHook(app: FastifyInstance, call: AnyCall): onRequestHookHandler | null {
  switch (call.access) {
    case "public":
      return null;
    case "optional":
      return app.optionalSession;
    case "token":
      return app.requireSession;
    case "user":
      return app.requireUser;
    case "editor":
      // the editor's own session with a role the call allows (R-CONSOLE-2), CSRF on writes
      return app.editorAccess(call);
  }
}

/** The roles an editors' call allows: admin, and those it declares. */
export function rolesOf(call: AnyCall): string[] {
  return call.access === "editor" ? ["admin", ...(call.roles ?? [])] : [];
}

/**
 * The call's security requirement in the OpenAPI document (an `optional` call works without a
 * token); an editors' call names the roles it allows in `x-roles` and its description.
 */
function security(call: AnyCall): Record<string, unknown> {
  const access: Access = call.access;
  if (access === "public") return {};
  if (access === "editor") {
    const roles = rolesOf(call);
    const note = `角色 / roles: ${roles.join(", ")}${call.importKey ? "; or the content import key (x-api-key)" : ""}`;
    return {
      security: call.importKey ? [{ editorSession: [] }, { editorKey: [] }] : [{ editorSession: [] }],
      "x-roles": roles,
      description: call.description ? `${call.description}\n\n${note}` : note,
    };
  }
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
  const access = accessHook(app, call);
  const onRequest = [...(access ? [access] : []), ...(extras.onRequest ?? [])];
  app.route({
    method: call.method,
    url: call.path,
    ...(onRequest.length ? { onRequest } : {}),
    config: { ...(extras.config ?? {}), call },
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
      ...security(call),
    },
    handler: (call.access === "editor" && call.method !== "GET"
      ? audited(app, call, handler as CallHandler<AnyCall>)
      : handler) as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}

/**
 * Every editorial write leaves an audit record (R-CONSOLE-3): a handler writes its own, with the value
 * before and after, in the transaction of its change (`app.auditWrite`); a write that succeeded
 * without one gets a record of the call, its target and what was sent.
 */
function audited(app: FastifyInstance, call: AnyCall, handler: CallHandler<AnyCall>): CallHandler<AnyCall> {
  return async (request, reply) => {
    const answer = await handler(request, reply);
    if (!request.audited && reply.statusCode < 400) {
      await app.auditFallback(request, call);
    }
    return answer;
  };
}
