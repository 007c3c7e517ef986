import type { FastifyRequest } from "fastify";

/** The logged-in user of a `user` call (its access check has made sure there is one). */
export const userOf = (request: FastifyRequest): number => request.session?.userId as number;

/** The logged-in user of an `optional` or `token` call, or null for an anonymous visitor. */
export const viewerOf = (request: FastifyRequest): number | null =>
  request.session?.kind === "user" ? (request.session.userId ?? null) : null;
