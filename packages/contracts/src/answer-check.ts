import type { TSchema } from "typebox";
import { Compile } from "typebox/compile";
import type { AnyCall } from "./call.ts";
import type { AnswerCheck } from "./client.ts";
import { ErrorEnvelope } from "./envelope.ts";

type Validator = ReturnType<typeof Compile<TSchema>>;

/** The schema an answer of this status must match: its own, its class (`4xx`), else any error envelope. */
export function declaredAnswer(call: AnyCall, status: number): TSchema | null {
  const responses = call.responses as Record<string, TSchema>;
  const own = responses[String(status)] ?? responses[`${Math.floor(status / 100)}xx`];
  if (own) return own;
  // every call may fail with the error envelope (the API's error handler answers any route so)
  return status >= 400 ? ErrorEnvelope : null;
}

/**
 * Checks answers against their calls' declarations with compiled validators, made once per schema.
 * For the site's server: it never renders a page from an answer of the wrong shape.
 */
export function createAnswerCheck(): AnswerCheck {
  const validators = new WeakMap<TSchema, Validator>();
  return (call, status, body) => {
    const schema = declaredAnswer(call, status);
    if (!schema) return `status ${status} is not declared`;
    let validator = validators.get(schema);
    if (!validator) {
      validator = Compile(schema);
      validators.set(schema, validator);
    }
    if (validator.Check(body)) return null;
    return validator
      .Errors(body)
      .slice(0, 3)
      .map((error) => `${error.instancePath || "/"} ${error.message}`)
      .join("; ");
  };
}
