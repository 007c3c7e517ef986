import { readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import type { Plugin } from "vite";

/**
 * What the client build's chunks hold and what each island's wake runs (R-WEB-ISLAND-3, decision 075),
 * written beside the client build for `check-bundle`, which weighs per page type what its wakes fetch
 * and never run (`unusedOnPage`). Module ids are paths under app/ (or the repository, for packages).
 */
export interface WakeGraph {
  /** chunk file (`assets/…`) → its modules and the bytes each takes in it, before compression */
  chunks: Record<string, Record<string, number>>;
  /**
   * island name → every module its wake runs: the modules the registry imports for it, the hydration
   * module, and what they import statically
   */
  runs: Record<string, string[]>;
}

/**
 * The modules the loader's registry (app/islands/registry.ts) imports for each island, by name:
 * `"login-host": () => Promise.all([import("../features/account/LoginHost.tsx"), …])`, with the paths
 * resolved from the registry's folder.
 */
export function registryImports(source: string, registryDir: string): Map<string, string[]> {
  const starts = [...source.matchAll(/^\s*(?:"([\w-]+)"|([a-z]\w*)):\s*\(\)\s*=>/gm)];
  const imports = new Map<string, string[]>();
  starts.forEach((m, i) => {
    const body = source.slice((m.index ?? 0) + m[0].length, starts[i + 1]?.index ?? source.length);
    const paths = [...body.matchAll(/import\(\s*"([^"]+)"\s*\)/g)].map((p) => resolve(registryDir, p[1] as string));
    if (paths.length) imports.set((m[1] ?? m[2]) as string, paths);
  });
  return imports;
}

/**
 * The modules `from` runs: itself and, following static imports, everything it imports; only modules
 * `follows` accepts are taken and followed (all by default).
 */
export function staticClosure(
  from: readonly string[],
  importsOf: (id: string) => readonly string[],
  follows: (id: string) => boolean = () => true,
): Set<string> {
  const seen = new Set<string>();
  const pending = [...from];
  while (pending.length) {
    const id = pending.pop() as string;
    if (seen.has(id) || !follows(id)) continue;
    seen.add(id);
    pending.push(...importsOf(id));
  }
  return seen;
}

/**
 * The modules a page fetches with every island on it awake and never runs: those in `files` (the
 * chunks its wakes fetch, `awakeBytes`) but not in `before` (what it runs before any tap, weighed on its
 * own), that no island on the page runs. Such bytes come from a chunk group that took in a module
 * shared with another feature, whose islands then fetch the group's whole chunk.
 */
export function unusedOnPage(
  graph: WakeGraph,
  islands: readonly string[],
  files: readonly string[],
  before: readonly string[],
): Array<{ module: string; chunk: string; bytes: number }> {
  const runs = new Set(islands.flatMap((name) => graph.runs[name] ?? []));
  const skip = new Set(before);
  return files
    .filter((file) => !skip.has(file))
    .flatMap((chunk) =>
      Object.entries(graph.chunks[chunk] ?? {})
        .filter(([module, bytes]) => bytes > 0 && !runs.has(module))
        .map(([module, bytes]) => ({ module, chunk, bytes })),
    );
}

/** The wake graph's file, beside the client build (never served). */
export const wakeGraphFile = "island-wakes.json";

/**
 * Writes the client build's `WakeGraph` to `build/island-wakes.json`: the islands as the loader's
 * registry names them, the hydration module every wake runs, module ids relative to `root`'s parent.
 */
export function islandWakeGraph(registry: string, hydration: string, root: string): Plugin {
  let graph: WakeGraph | undefined;
  const short = (id: string) => relative(root, id.split("?")[0] as string);
  return {
    name: "davmu:island-wakes",
    applyToEnvironment: (environment) => environment.name === "client",
    generateBundle(_options, bundle) {
      if (!this.getModuleInfo(registry)) return;
      const importsOf = (id: string) => this.getModuleInfo(id)?.importedIds ?? [];
      const chunks: WakeGraph["chunks"] = {};
      for (const output of Object.values(bundle)) {
        if (output.type !== "chunk") continue;
        const modules: Record<string, number> = {};
        // (the bundler's own runtime, a virtual module, runs with every chunk)
        for (const [id, module] of Object.entries(output.modules)) {
          if (!id.startsWith("\0")) modules[short(id)] = module.renderedLength;
        }
        chunks[output.fileName] = modules;
      }
      const runs: WakeGraph["runs"] = {};
      for (const [name, modules] of registryImports(readFileSync(registry, "utf8"), dirname(registry))) {
        runs[name] = [...staticClosure([hydration, ...modules], importsOf)].map(short).sort();
      }
      graph = { chunks, runs };
    },
    writeBundle(options) {
      if (options.dir && graph) writeFileSync(join(dirname(options.dir), wakeGraphFile), JSON.stringify(graph));
    },
  };
}
