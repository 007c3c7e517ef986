import type { ApiClient } from "@davmu/contracts/client";
import { type EnvelopeOf, ErrorCode } from "@davmu/contracts/error-codes";
import { data, redirect } from "../../lib/router.ts";
import { callApi } from "../../lib/server/api.server.ts";
import { requireIndexSegment, requirePublicId } from "../../lib/server/guards.server.ts";

/**
 * Loading the community pages on the server (decision 035). Their routes carry no id in the path:
 * the page must be …/index.html and its id, from the query, must decode as a public id, else /404.
 */
export function queryPublicId(request: Request, index: string | undefined, name = "id"): string {
  requireIndexSegment(index);
  const id = new URL(request.url).searchParams.get(name) ?? undefined;
  return requirePublicId(id, undefined);
}

/** The page's own item: unknown or refused (404, 400) goes to /404, any other failure draws the 502 page. */
export async function loadRequired<T>(what: string, call: (client: ApiClient) => Promise<EnvelopeOf<T>>): Promise<T> {
  const answer = await callApi(call);
  if (answer.code === ErrorCode.notFound || answer.code === ErrorCode.badRequest) throw redirect("/404");
  if (answer.code !== ErrorCode.ok) {
    logFailure(what, answer.code, answer.msg);
    throw data({ message: `${what} unavailable` }, { status: 502 });
  }
  return answer.data;
}

/** A list the page can be drawn without: a failure is logged and the page offers to load it again. */
export async function loadOptional<T>(
  what: string,
  call: (client: ApiClient) => Promise<EnvelopeOf<T>>,
): Promise<T | null> {
  try {
    const answer = await callApi(call);
    if (answer.code === ErrorCode.ok) return answer.data;
    logFailure(what, answer.code, answer.msg);
  } catch (error) {
    // callApi has logged an unusable answer; anything else is logged here
    logFailure(what, null, error instanceof Error ? error.message : "unusable answer");
  }
  return null;
}

function logFailure(what: string, code: number | null, msg: string) {
  console.error(JSON.stringify({ level: "error", msg: "community page load failed", what, code, detail: msg }));
}
