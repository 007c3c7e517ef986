import { ErrorCode } from "@davmu/contracts/error-codes";

/** An error the API answers as is: HTTP status, envelope code and a message fit for the visitor. */
export class ApiError extends Error {
  readonly status: number;
  readonly code: number;
  constructor(status: number, code: number, message: string) {
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = code;
  }
}

export const badRequest = (message: string) => new ApiError(400, ErrorCode.badRequest, message);
export const unauthorized = (message: string) => new ApiError(401, ErrorCode.unauthorized, message);
export const notFound = (message: string, code: number = ErrorCode.notFound) => new ApiError(404, code, message);
export const forbidden = (message: string) => new ApiError(403, 403, message);
export const conflict = (message: string) => new ApiError(409, 409, message);
export const tooManyRequests = (message: string) => new ApiError(429, ErrorCode.tooManyRequests, message);
export const accountNotReady = (message: string) => new ApiError(402, ErrorCode.accountNotReady, message);
export const unavailable = (message: string) => new ApiError(503, ErrorCode.unavailable, message);
