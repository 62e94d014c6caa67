import { decode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import { encodeRootHydrationData, encodeSharedHydrationData } from "./hydration-data.server";

/** Decodes the two halves joined as an answer sends them, as Remix's browser code does. */
async function decoded(shared: ReturnType<typeof encodeSharedHydrationData>, root: unknown) {
  const line = `[${[...shared.entries, ...encodeRootHydrationData(root, shared.rootIndex)].join(",")}]\n`;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(line));
      controller.close();
    },
  });
  const result = await decode(stream);
  await result.done;
  return result.value;
}

describe("hydration data in two halves", () => {
  const routes = {
    "routes/_home+/_layout": null,
    "routes/_home+/_index": {
      fonts: [
        { fontGNo: "10004", name: "思源黑体", tags: ["黑体", "标题"], views: 5203, free: true },
        { fontGNo: "10027", name: "站酷快乐体", tags: ["标题"], views: 0, free: false },
      ],
      // eslint-disable-next-line no-sparse-arrays -- a hole is one of the things the format carries
      sparse: [1, , 3],
      nothing: undefined,
      quote: '</script><script>alert("x")</script>\u2028',
    },
  };
  const root = {
    appTitle: "短视频字体",
    loggedIn: false,
    user: null,
    compareFontGNos: ["10004", "10027"],
    toast: undefined,
    footerColumns: [{ title: "标题", links: [] }],
  };

  it("decodes to the loader data Remix would have sent, the root first", async () => {
    const shared = encodeSharedHydrationData({ root: undefined, ...routes });
    const value = (await decoded(shared, root)) as {
      loaderData: Record<string, unknown>;
      actionData: unknown;
      errors: unknown;
    };
    expect(value).toEqual({ loaderData: { root, ...routes }, actionData: null, errors: null });
    expect(Object.keys(value.loaderData)[0]).toBe("root");
  });

  it("keeps the shared half while the root changes from answer to answer", async () => {
    const shared = encodeSharedHydrationData({ root: undefined, ...routes });
    const before = shared.entries.join(",");
    const other = { ...root, compareFontGNos: [], loggedIn: true };
    expect(((await decoded(shared, other)) as { loaderData: unknown }).loaderData).toEqual({ root: other, ...routes });
    expect(shared.entries.join(",")).toBe(before);
  });

  it("refuses data that is not JSON", () => {
    expect(() => encodeSharedHydrationData({ root: undefined, page: { at: new Date(0) } })).toThrow(TypeError);
    expect(() => encodeRootHydrationData({ ratio: Number.NaN }, 5)).toThrow(TypeError);
  });
});
