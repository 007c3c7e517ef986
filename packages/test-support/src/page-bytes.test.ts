import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { lazyRequests, wakeRequests } from "./page-bytes.ts";

/**
 * A client build's loader and dialog chunks as Vite 8 writes them (minified, the preload helper's
 * list of files, an island's chunks imported beside the hydration module).
 */
const loaderChunk =
  'import{t}from"./islands-shared-aaaaaaaa.js";' +
  "const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=[" +
  '"assets/LoginPopup-bbbbbbbb.js","assets/vendor-cccccccc.js","assets/hydrate-dddddddd.js","assets/Sheet-eeeeeeee.css",' +
  '"assets/OpenAppDialog-ffffffff.js","assets/rolldown-runtime-gggggggg.js"])))=>i.map(i=>d[i]);' +
  'var r={"login-host":()=>Promise.all([t(()=>import(`./hydrate-dddddddd.js`).then(e=>e.x),__vite__mapDeps([2,1,5])),' +
  "t(()=>import(`./LoginPopup-bbbbbbbb.js`),__vite__mapDeps([0,1,2,3,5]))]).then(([e,t])=>e.loginHostWith(t.LoginPopup))," +
  '"open-app-dialog":()=>t(()=>import(`./OpenAppDialog-ffffffff.js`).then(e=>e.OpenAppDialog),__vite__mapDeps([4,5,1,2])),' +
  "toaster:()=>t(()=>import(`./Toaster-hhhhhhhh.js`).then(e=>e.Toaster),[])};export{r as islandRegistry};";
const dialogChunk =
  'import{r as e}from"./hydrate-dddddddd.js";' +
  "const __vite__mapDeps=(i,m=__vite__mapDeps,d=(m.f||(m.f=[" +
  '"assets/OpenAppGuide-iiiiiiii.js","assets/open-app-download-jjjjjjjj.js","assets/vendor-cccccccc.js"])))=>i.map(i=>d[i]);' +
  "var r=()=>import(`./open-app-report-mmmmmmmm.js`)," +
  "n=e(()=>t(()=>import(`./open-app-chain-kkkkkkkk.js`),__vite__mapDeps([1])))," +
  "o=e(()=>t(()=>import(`./OpenAppGuide-iiiiiiii.js`).then(e=>e.OpenAppGuide),__vite__mapDeps([0,1,2])));export{o as n};";

const build = mkdtempSync(join(tmpdir(), "page-bytes-"));
mkdirSync(join(build, "client", "assets"), { recursive: true });
writeFileSync(join(build, "client", "assets", "islands-llllllll.js"), loaderChunk);
writeFileSync(join(build, "client", "assets", "OpenAppDialog-ffffffff.js"), dialogChunk);
afterAll(() => rmSync(build, { recursive: true, force: true }));

describe("the requests a tap's answer takes (decision 073)", () => {
  it("R-WEB-ISLAND-3 an island's wake: its chunks and every file the preload helper fetches beside them, stylesheets included", () => {
    expect(wakeRequests(build, "login-host").sort()).toEqual(
      [
        "assets/LoginPopup-bbbbbbbb.js",
        "assets/Sheet-eeeeeeee.css",
        "assets/hydrate-dddddddd.js",
        "assets/rolldown-runtime-gggggggg.js",
        "assets/vendor-cccccccc.js",
      ].sort(),
    );
    expect(wakeRequests(build, "open-app-dialog").sort()).toEqual(
      [
        "assets/OpenAppDialog-ffffffff.js",
        "assets/hydrate-dddddddd.js",
        "assets/rolldown-runtime-gggggggg.js",
        "assets/vendor-cccccccc.js",
      ].sort(),
    );
    // a name written bare, with no preload list
    expect(wakeRequests(build, "toaster")).toEqual(["assets/Toaster-hhhhhhhh.js"]);
  });

  it("R-WEB-ISLAND-3 a lazy import inside a chunk: the imported chunk and its own preload list, not its neighbour's", () => {
    expect(lazyRequests(build, "OpenAppDialog", "OpenAppGuide").sort()).toEqual(
      ["assets/OpenAppGuide-iiiiiiii.js", "assets/open-app-download-jjjjjjjj.js", "assets/vendor-cccccccc.js"].sort(),
    );
    // an import with no list of its own takes none of the next import's
    expect(lazyRequests(build, "OpenAppDialog", "open-app-report")).toEqual(["assets/open-app-report-mmmmmmmm.js"]);
  });

  it("R-WEB-ISLAND-3 an island or a chunk the build does not have is an error, not zero requests", () => {
    expect(() => wakeRequests(build, "no-such-island")).toThrow(/no island named no-such-island/);
    expect(() => lazyRequests(build, "NoSuchChunk", "OpenAppGuide")).toThrow(/no chunk named NoSuchChunk/);
    expect(() => lazyRequests(build, "OpenAppDialog", "LoginPopup")).toThrow(/does not import LoginPopup/);
  });
});
