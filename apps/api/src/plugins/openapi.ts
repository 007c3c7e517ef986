import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";

/** OpenAPI 3 generated from the call declarations the routes are registered from, browsable at /docs. */
export const openapiPlugin = fp(
  async (app: FastifyInstance, opts: { ui?: boolean }) => {
    await app.register(swagger, {
      openapi: {
        openapi: "3.1.0",
        info: {
          title: "Davmu platform API",
          description:
            "The calls the share site makes. Every answer is the envelope {code, msg, data}; code 0 is success. " +
            "Send `authorization` (user token, else the anonymous token from POST /peony/v1/auth) and `X-Request-Id`.",
          version: "1.0.0",
        },
        tags: [
          { name: "account", description: "Tokens and accounts" },
          { name: "app", description: "App info and site config" },
          { name: "content", description: "Content items and lists" },
          { name: "interaction", description: "Comments, collections and stars" },
          { name: "media account", description: "Media accounts and follows" },
          { name: "search", description: "Search and hot words" },
          { name: "editor", description: "Editors' ingestion, legal texts and moderation" },
          { name: "editors", description: "The newsroom's accounts, sessions, roles and audit trail" },
          { name: "ops", description: "Health and readiness" },
        ],
        components: {
          securitySchemes: {
            token: {
              type: "apiKey",
              in: "header",
              name: "authorization",
              description: "A user token, else the anonymous token from POST /peony/v1/auth",
            },
            editorKey: {
              type: "apiKey",
              in: "header",
              name: "x-api-key",
              description: "The editors' API key: the content import alone (machine to machine)",
            },
            editorSession: {
              type: "apiKey",
              in: "cookie",
              name: "davmu_console",
              description:
                "An editor's own session (POST /editor/v1/login), named __Secure-davmu_console where the site is reached " +
                "over https; writes send its CSRF token in x-csrf-token. " +
                "Each editors' call lists the roles it allows in x-roles.",
            },
          },
        },
      },
    });
    // SERVE_DOCS=false: the document is still generated (app.swagger()), but not served
    if (opts.ui !== false) await app.register(swaggerUi, { routePrefix: "/docs" });
  },
  { name: "openapi" },
);
