import type { FastifyInstance, FastifyPluginAsync, FastifyPluginCallback } from "fastify";
import type { EarlyAnswerOptions } from "./early-answer.ts";

// biome-ignore lint/suspicious/noExplicitAny: a module's plugins take options of their own
type Plugin = FastifyPluginAsync<any> | FastifyPluginCallback<any>;

/** What the host gives a module's routes when it registers them. */
export interface ModuleContext {
  /** A place in the server's early-answer chain (lib/early-answer.ts), in registration order. */
  earlyAnswers(): EarlyAnswerOptions;
}

/** A route plugin, or one with the options it is registered with. */
export type RouteRegistration =
  | Plugin
  | { plugin: Plugin; options: (app: FastifyInstance, context: ModuleContext) => object };

/**
 * An API area's registration (decision 048), exported by `modules/<area>/module.ts` and listed once in
 * `apps/api/src/modules.ts`: the host registers every module's foundation with the infrastructure,
 * then every repository (each after those it names as dependencies), then every module's routes in
 * the list's order.
 */
export interface ApiModule {
  name: string;
  /** Served by every process, the site-only one too (health); else only with SERVE_API. */
  everyProcess?: boolean;
  /** Plugins the other modules build on (the session check), registered with the infrastructure. */
  foundation?: Plugin[];
  /** Its repository plugins (`fastify-plugin`s naming what they depend on), one instance per app. */
  repositories?: Plugin[];
  /** Its route plugins, registered from the calls' declarations (@davmu/contracts/calls). */
  routes: RouteRegistration[];
}

interface PluginMeta {
  name?: string;
  dependencies?: string[];
}

const metaOf = (plugin: Plugin) =>
  ((plugin as unknown as Record<symbol, PluginMeta>)[Symbol.for("plugin-meta")] ?? {}) as PluginMeta;

/**
 * The modules' repositories in the list's order, each moved after the repositories it names as
 * dependencies (Fastify refuses a plugin registered before one it depends on).
 */
export function repositoriesInOrder(modules: readonly ApiModule[]): Plugin[] {
  const all = modules.flatMap((module) => module.repositories ?? []);
  const byName = new Map(all.map((plugin) => [metaOf(plugin).name, plugin]));
  const ordered: Plugin[] = [];
  const placed = new Set<Plugin>();
  const place = (plugin: Plugin, path: readonly Plugin[]) => {
    if (placed.has(plugin)) return;
    if (path.includes(plugin)) throw new Error(`repositories depend on each other: ${metaOf(plugin).name}`);
    for (const name of metaOf(plugin).dependencies ?? []) {
      const dependency = byName.get(name);
      if (dependency) place(dependency, [...path, plugin]);
    }
    placed.add(plugin);
    ordered.push(plugin);
  };
  for (const plugin of all) place(plugin, []);
  return ordered;
}

/** Registers a module's routes in order. */
export async function registerRoutes(app: FastifyInstance, module: ApiModule, context: ModuleContext) {
  for (const registration of module.routes) {
    if (typeof registration === "function") await app.register(registration);
    else await app.register(registration.plugin, registration.options(app, context));
  }
}
