import { describe, expect, it } from "vitest";
import {
  CHUNK_RELOAD_KEY,
  CHUNK_RELOAD_WINDOW_MS,
  claimChunkReload,
  isChunkLoadError,
  mayReloadForChunk,
  pendingAddress,
} from "./chunk-reload";

function memoryStore(initial: Record<string, string> = {}) {
  const values = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
    values,
  };
}

describe("chunk reload: once, then not again within 60 000 ms", () => {
  const start = 1_700_000_000_000;

  it("the first failure of a tab reloads and records the time", () => {
    const store = memoryStore();
    expect(claimChunkReload(store, start)).toBe(true);
    expect(store.values.get(CHUNK_RELOAD_KEY)).toBe(String(start));
  });

  it("a second failure inside the window does not reload, up to its last millisecond", () => {
    const store = memoryStore();
    claimChunkReload(store, start);
    expect(claimChunkReload(store, start + 1)).toBe(false);
    expect(claimChunkReload(store, start + CHUNK_RELOAD_WINDOW_MS - 1)).toBe(false);
    expect(store.values.get(CHUNK_RELOAD_KEY)).toBe(String(start));
  });

  it("a failure once the window has passed reloads again", () => {
    const store = memoryStore();
    claimChunkReload(store, start);
    expect(claimChunkReload(store, start + CHUNK_RELOAD_WINDOW_MS)).toBe(true);
    expect(store.values.get(CHUNK_RELOAD_KEY)).toBe(String(start + CHUNK_RELOAD_WINDOW_MS));
  });

  it("an unreadable or future timestamp does not block reloads for good", () => {
    expect(mayReloadForChunk(Number("garbage"), start)).toBe(true);
    expect(mayReloadForChunk(start + 5_000, start)).toBe(true);
  });

  it("without session storage the page never reloads, so it cannot loop", () => {
    expect(claimChunkReload(undefined, start)).toBe(false);
    const broken = {
      getItem: () => {
        throw new Error("SecurityError");
      },
      setItem: () => undefined,
    };
    expect(claimChunkReload(broken, start)).toBe(false);
  });

  it("recognises failed dynamic imports and nothing else", () => {
    expect(isChunkLoadError(new TypeError("Failed to fetch dynamically imported module: http://x/build/a.js"))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError("Importing a module script failed."))).toBe(true);
    expect(isChunkLoadError(new TypeError("error loading dynamically imported module"))).toBe(true);
    expect(isChunkLoadError(new Error("服务器错误"))).toBe(false);
    expect(isChunkLoadError(new TypeError("Failed to fetch"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe("chunk reload: the page loaded is the one the visitor asked for", () => {
  const location = { pathname: "/news", search: "?page=2", hash: "#top" };

  it("a link or GET form under way: its address", () => {
    expect(pendingAddress({ state: "loading", location }, "/")).toBe("/news?page=2#top");
    expect(pendingAddress({ state: "loading", formMethod: "get", location }, "/")).toBe("/news?page=2#top");
  });

  it("nothing under way, a submission, or an address already shown (back, forward): the page shown", () => {
    expect(pendingAddress(undefined, "/")).toBeNull();
    expect(pendingAddress({ state: "idle" }, "/")).toBeNull();
    expect(pendingAddress({ state: "submitting", formMethod: "POST", location }, "/")).toBeNull();
    expect(pendingAddress({ state: "loading", location }, "/news?page=2#top")).toBeNull();
  });
});
