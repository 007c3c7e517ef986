import { Type } from "typebox";
import { defineCall } from "../call.ts";

export const healthz = defineCall({
  method: "GET",
  path: "/healthz",
  access: "public",
  tags: ["ops"],
  summary: "Liveness: the process answers",
  responses: { 200: Type.Object({ status: Type.Literal("ok") }) },
});

export const readyz = defineCall({
  method: "GET",
  path: "/readyz",
  access: "public",
  tags: ["ops"],
  summary: "Readiness: the database answers a query",
  responses: {
    200: Type.Object({ status: Type.Literal("ready"), database: Type.String() }),
    503: Type.Object({ status: Type.Literal("unavailable"), database: Type.String() }),
  },
});
