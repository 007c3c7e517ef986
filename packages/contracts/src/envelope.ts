import { type Static, type TSchema, Type } from "typebox";

/** Every answer of the platform API: `code` 0 means success and `data` holds the payload. */
export const Envelope = <T extends TSchema>(data: T) =>
  Type.Object({
    code: Type.Integer({ description: "0 on success, otherwise an error code" }),
    msg: Type.String({ description: "human-readable message, shown to the visitor on failure" }),
    data,
  });

export const ErrorEnvelope = Type.Object({
  code: Type.Integer({ minimum: 1 }),
  msg: Type.String(),
  data: Type.Null(),
});
export type ErrorEnvelope = Static<typeof ErrorEnvelope>;

/** The answers of an ordinary call: the envelope holding `data` on success, the error envelope otherwise. */
export function answers<T extends TSchema>(data: T) {
  return { 200: Envelope(data), "4xx": ErrorEnvelope } as const;
}
