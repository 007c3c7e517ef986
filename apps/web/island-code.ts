import { resolve } from "node:path";

/**
 * The script files each island needs, read from the client build, so that a page can fetch a
 * sleeping island's code once it is idle (islands/prefetch.ts). Then a first tap waits only for the
 * code to run, not for the network.
 */

/** What the map needs of a built chunk (Rolldown's and Rollup's output chunks have these fields). */
export interface BuiltChunk {
  type: "chunk";
  fileName: string;
  imports: readonly string[];
  moduleIds: readonly string[];
}

/** The islands' code files: `hydrate` is React and the hydration module, which every island needs. */
export interface IslandCode {
  hydrate: string[];
  islands: Record<string, string[]>;
}

/** Each island's module, by its name in the registry (`"name": () => import("./path")`). */
export function registryModules(source: string, dir: string): Map<string, string> {
  const modules = new Map<string, string>();
  const entry = /["']?([\w-]+)["']?\s*:\s*\(\)\s*=>\s*import\(\s*["']([^"']+)["']\s*\)/g;
  for (const [, name, path] of source.matchAll(entry)) modules.set(name as string, resolve(dir, path as string));
  return modules;
}

/**
 * The files each island needs beyond those every page has loaded already (the loader's chunk and what
 * it imports): the chunk holding its module and that chunk's static imports, all of them. URLs under
 * `base`.
 */
export function islandCode(
  islands: Map<string, string>,
  hydrateModule: string,
  loaderModule: string,
  chunks: readonly BuiltChunk[],
  base: string,
): IslandCode {
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const byModule = new Map<string, BuiltChunk>();
  for (const chunk of chunks) for (const id of chunk.moduleIds) if (!byModule.has(id)) byModule.set(id, chunk);
  const closure = (module: string): string[] => {
    const first = byModule.get(module);
    if (!first) throw new Error(`no chunk of the build holds ${module}`);
    const files: string[] = [];
    const pending = [first.fileName];
    while (pending.length > 0) {
      const file = pending.pop() as string;
      if (files.includes(file)) continue;
      files.push(file);
      pending.push(...(byFile.get(file)?.imports ?? []));
    }
    return files;
  };
  const loaded = new Set(closure(loaderModule));
  const needed = (module: string) =>
    closure(module)
      .filter((file) => !loaded.has(file))
      .map((file) => `${base}${file}`);
  const hydrate = needed(hydrateModule);
  const code: IslandCode = { hydrate, islands: {} };
  for (const [name, module] of islands) code.islands[name] = needed(module).filter((url) => !hydrate.includes(url));
  return code;
}
