/**
 * Imported first by `main.ts`: the server starts again with glibc's allocator set for picture work
 * (lib/allocator.ts) before the rest of it is loaded.
 */
import { restartForAllocator } from "./lib/allocator.ts";

restartForAllocator();
