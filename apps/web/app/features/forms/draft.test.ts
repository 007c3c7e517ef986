import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { clearDraft, loadDraft, saveDraft } from "./draft.ts";

/** The page loaded again: the module afresh, with nothing in memory of what it wrote before. */
async function reloaded() {
  vi.resetModules();
  return (await import("./draft.ts")) as typeof import("./draft.ts");
}

/** Session storage as a browser keeps it, with a quota in characters, counting what is written. */
class MemoryStorage implements Storage {
  items = new Map<string, string>();
  written: { key: string; characters: number }[] = [];
  attempts: { key: string; characters: number }[] = [];
  quota: number;
  constructor(quota = Number.POSITIVE_INFINITY) {
    this.quota = quota;
  }
  get length() {
    return this.items.size;
  }
  key(index: number) {
    return [...this.items.keys()][index] ?? null;
  }
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.attempts.push({ key, characters: value.length });
    let used = value.length + key.length;
    for (const [k, v] of this.items) if (k !== key) used += k.length + v.length;
    if (used > this.quota) throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    this.items.set(key, String(value));
    this.written.push({ key, characters: value.length });
  }
  removeItem(key: string) {
    this.items.delete(key);
  }
  clear() {
    this.items.clear();
  }
}

/** A shrunk photo as the picture field keeps it: a JPEG data URL of about 60 KB. */
const photo = `data:image/jpeg;base64,/9j/${"A".repeat(60_000)}`;
const otherPhoto = `data:image/jpeg;base64,/9j/${"B".repeat(60_000)}`;
let post = 0;
let postId = "";
let store: MemoryStorage;

describe("a form's draft in session storage", () => {
  beforeEach(() => {
    store = new MemoryStorage();
    vi.stubGlobal("window", { sessionStorage: store });
    postId = `post${++post}`;
  });
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it("R-FORM-1 what was typed and chosen comes back, text, choices and a picture", () => {
    saveDraft(postId, { name: "林小满", skills: ["摄影记录", "急救常识"], photo });
    expect(loadDraft(postId)).toEqual({ name: "林小满", skills: ["摄影记录", "急救常识"], photo });
    // another form's draft is its own
    expect(loadDraft(`${postId}-other`)).toEqual({});
  });

  it("R-FORM-1 typing writes the typed answers only: a picture is written once, when it changes", () => {
    saveDraft(postId, { photo, name: "林" });
    const typing = ["林小", "林小满", "林小满 ", "林小满"];
    for (const name of typing) saveDraft(postId, { photo, name });
    const pictureWrites = store.written.filter((w) => w.key.includes(":picture:"));
    expect(pictureWrites).toHaveLength(1);
    // each keystroke wrote a few bytes, not the 60 KB picture again
    for (const write of store.written.slice(-typing.length)) expect(write.characters).toBeLessThan(200);
    saveDraft(postId, { photo: otherPhoto, name: "林小满" });
    expect(store.written.filter((w) => w.key.includes(":picture:"))).toHaveLength(2);
    expect(loadDraft(postId).photo).toBe(otherPhoto);
  });

  it("R-FORM-1 a picture taken away is gone after a reload too", () => {
    saveDraft(postId, { photo, name: "林小满" });
    saveDraft(postId, { photo: "", name: "林小满" });
    expect(loadDraft(postId)).toEqual({ photo: "", name: "林小满" });
    expect([...store.items.keys()].filter((key) => key.includes(":picture:"))).toEqual([]);
  });

  it("R-FORM-1 a picture unchanged after a reload is not written again; one removed then is removed", async () => {
    saveDraft(postId, { photo, name: "林" });
    // the page again: the module afresh, the draft read back, then typed into
    const page = await reloaded();
    const restored = page.loadDraft(postId);
    expect(restored).toEqual({ photo, name: "林" });
    const before = store.attempts.length;
    page.saveDraft(postId, { ...restored, name: "林小满" });
    expect(store.attempts.slice(before).every((w) => !w.key.includes(":picture:"))).toBe(true);
    // the picture taken away after the reload is gone from storage too
    page.saveDraft(postId, { name: "林小满" });
    expect((await reloaded()).loadDraft(postId)).toEqual({ name: "林小满" });
  });

  it("R-FORM-1 a picture storage has no room for is not tried again at every keystroke, until it changes", () => {
    store = new MemoryStorage(40_000);
    vi.stubGlobal("window", { sessionStorage: store });
    saveDraft(postId, { photo, name: "林" });
    for (const name of ["林小", "林小满", "林小满。"]) saveDraft(postId, { photo, name });
    expect(store.attempts.filter((w) => w.key.includes(":picture:"))).toHaveLength(1);
    expect(loadDraft(postId)).toEqual({ name: "林小满。" });
    // another picture is tried
    saveDraft(postId, { photo: otherPhoto.slice(0, 20_000), name: "林小满。" });
    expect(loadDraft(postId)).toEqual({ photo: otherPhoto.slice(0, 20_000), name: "林小满。" });
  });

  it("R-FORM-1 a cleared draft forgets which pictures had no room: the same picture is tried again", () => {
    store = new MemoryStorage(40_000);
    vi.stubGlobal("window", { sessionStorage: store });
    saveDraft(postId, { photo, name: "林" });
    clearDraft(postId);
    // room now (another tab's draft gone, say): the picture chosen again is kept
    store.quota = Number.POSITIVE_INFINITY;
    saveDraft(postId, { photo, name: "林" });
    expect(loadDraft(postId)).toEqual({ photo, name: "林" });
  });

  it("R-FORM-1 what was typed comes first: pictures that fill storage make way for it", () => {
    store = new MemoryStorage(62_000);
    vi.stubGlobal("window", { sessionStorage: store });
    saveDraft(postId, { photo, name: "林" });
    expect(loadDraft(postId)).toEqual({ photo, name: "林" });
    // a long answer no longer fits beside the picture: the answer is kept, the picture given up
    const reason = "想为湿地做点事。".repeat(400);
    saveDraft(postId, { photo, name: "林小满", reason });
    expect(loadDraft(postId)).toEqual({ name: "林小满", reason });
  });

  it("R-FORM-1 storage too small for a picture keeps the typed answers, and no older picture in its place", () => {
    store = new MemoryStorage(70_000);
    vi.stubGlobal("window", { sessionStorage: store });
    saveDraft(postId, { photo, name: "林" });
    expect(loadDraft(postId)).toEqual({ photo, name: "林" });
    // a second picture does not fit beside the first: the first is not left to stand in for it
    saveDraft(postId, { photo, second: otherPhoto, name: "林小满" });
    expect(loadDraft(postId)).toEqual({ photo, name: "林小满" });
  });

  it("R-FORM-1 a draft from before, with its picture inline, still comes back and moves to its own key", () => {
    store.setItem(`davmu:form-draft:${postId}`, JSON.stringify({ name: "林小满", photo }));
    expect(loadDraft(postId)).toEqual({ name: "林小满", photo });
    saveDraft(postId, { name: "林小满", photo });
    expect(JSON.parse(store.getItem(`davmu:form-draft:${postId}`) as string)).toEqual({ name: "林小满" });
    expect(loadDraft(postId)).toEqual({ name: "林小满", photo });
  });

  it("R-FORM-1 bad stored forms give an empty draft, never an error; clearing removes every part", () => {
    for (const bad of ["{", "[1,2]", "null", '"text"', '{"a":{"b":1},"c":5}']) {
      store.setItem(`davmu:form-draft:${postId}`, bad);
      expect(typeof loadDraft(postId)).toBe("object");
    }
    store.setItem(`davmu:form-draft:${postId}:picture:photo`, "javascript:alert(1)");
    expect(loadDraft(postId).photo).toBeUndefined();
    saveDraft(postId, { name: "林小满", photo });
    clearDraft(postId);
    expect([...store.items.keys()].filter((key) => key.startsWith(`davmu:form-draft:${postId}`))).toEqual([]);
    expect(loadDraft(postId)).toEqual({});
  });

  it("R-FORM-1 no session storage (refused in private mode): nothing is thrown", () => {
    vi.stubGlobal("window", {
      get sessionStorage(): Storage {
        throw new DOMException("denied", "SecurityError");
      },
    });
    expect(() => saveDraft(postId, { name: "林", photo })).not.toThrow();
    expect(loadDraft(postId)).toEqual({});
    expect(() => clearDraft(postId)).not.toThrow();
  });
});
