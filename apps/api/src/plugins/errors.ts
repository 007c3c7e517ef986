import { ErrorCode } from "@davmu/contracts/error-codes";
import type { FastifyError, FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { isDatabaseUnavailable } from "../db/database.ts";
import { ApiError } from "../lib/api-error.ts";

const internalMessage = "服务器开小差了，请稍后重试";
const unavailableMessage = "服务暂时不可用，请稍后重试";

/** Seconds a client is asked to wait when the database (or another dependency) cannot serve (R-REL-1). */
export const retryAfterSeconds = 5;

/** Messages for Fastify's own client errors, so the visitor never sees an internal code. */
const fastifyMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: "请求体不是合法的 JSON",
  FST_ERR_CTP_EMPTY_JSON_BODY: "请求体为空，需要 JSON",
  FST_ERR_CTP_INVALID_MEDIA_TYPE: "不支持的 Content-Type",
  FST_ERR_CTP_BODY_TOO_LARGE: "请求体过大",
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: "Content-Length 与请求体不符",
};

function describeError(error: FastifyError): { status: number; code: number; msg: string } {
  if (error instanceof ApiError) return { status: error.status, code: error.code, msg: error.message };
  if (isDatabaseUnavailable(error)) return { status: 503, code: ErrorCode.unavailable, msg: unavailableMessage };
  if (error.validation) {
    return { status: 400, code: ErrorCode.badRequest, msg: `参数错误：${error.message}` };
  }
  const status = error.statusCode ?? 500;
  if (status >= 400 && status < 500) {
    const msg = (error.code && fastifyMessages[error.code]) || error.message || "请求有误";
    return { status, code: status, msg };
  }
  return { status: 500, code: ErrorCode.internal, msg: internalMessage };
}

/** One place turns every error into the `{code, msg, data: null}` envelope; 5xx internals never leak. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError, request, reply) => {
      const { status, code, msg } = describeError(error);
      if (status === 503) {
        request.log.warn({ err: error }, "dependency unavailable");
        reply.header("retry-after", String(retryAfterSeconds));
      } else if (status >= 500) request.log.error({ err: error }, "request failed");
      else request.log.info({ code, msg }, "request rejected");
      return reply.status(status).send({ code, msg, data: null });
    });
    app.setNotFoundHandler((request, reply) => {
      return reply.status(404).send({
        code: ErrorCode.notFound,
        msg: `接口不存在：${request.method} ${request.url.split("?")[0]}`,
        data: null,
      });
    });
  },
  { name: "errors" },
);
