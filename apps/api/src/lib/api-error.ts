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
