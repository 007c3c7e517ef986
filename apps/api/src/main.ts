/**
 * The server's entry (`node apps/api/src/main.ts`): it sets the process up, then loads the server
 * (serve.ts) with a dynamic import. An ES module's static imports are all read, stripped of their
 * types and compiled before its first line runs: with the server imported here, the whole of it was
 * loaded by the process the allocator's restart replaces, and again after (decision 104).
 */
import { enableCompileCache } from "node:module";
import { restartForAllocator } from "./lib/allocator.ts";

// glibc's allocator set for picture work: the process may start again here, same pid (decision 043)
restartForAllocator();

// Node's compile cache: the modules' type-stripped and compiled code kept on disk, under the system's
// temporary folder (NODE_COMPILE_CACHE names another); it does nothing where that cannot be written.
// The variable set here takes it to the server's worker threads (the tracking writer) too.
const cache = enableCompileCache();
if (cache.directory) process.env.NODE_COMPILE_CACHE = cache.directory;

await import("./serve.ts");
