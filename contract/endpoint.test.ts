import { describe, expect, expectTypeOf, it } from "vitest";
import { getAvatar, logout, updateAccountInfo } from "./account";
import { downloadFont, getFamilyFonts, getFontList, type Font } from "./catalogue";
import {
  defineEndpoint,
  endpointPath,
  type EndpointBody,
  type EndpointData,
  type EndpointDefinition,
  type EndpointQuery,
  type PathParams,
} from "./endpoint";
import { endpoints } from "./index";
import { createSubsets, type SubsetRequest } from "./subset";

describe("endpointPath", () => {
  it("fills path parameters, URL-encoded", () => {
    expect(endpointPath(getFamilyFonts, { id: "10001" })).toBe("/api/v1/web/search/10001/childs");
    expect(endpointPath(getFamilyFonts, { id: 10002 })).toBe("/api/v1/web/search/10002/childs");
    expect(endpointPath(downloadFont, { id: "a/b c?" })).toBe("/api/v1/web/a%2Fb%20c%3F/download");
    expect(endpointPath(getFontList)).toBe("/web/api/font/getFontList");
  });

  it("refuses to build a path with a parameter missing", () => {
    expect(() => endpointPath(getAvatar, { file: "" })).toThrow(/file/);
    expect(() => endpointPath({ path: "/x/:a/:b" }, { a: 1 } as never)).toThrow(/b/);
  });
});

describe("defineEndpoint", () => {
  it("defaults to a JSON call to the API with a JSON body", () => {
    const endpoint = defineEndpoint({ method: "GET", path: "/x", data: getFontList.data, auth: "none" });
    expect(endpoint).toMatchObject({ kind: "json", service: "api", bodyEncoding: "json" });
    expect(downloadFont.kind).toBe("file");
    expect(createSubsets.service).toBe("subset");
    expect(updateAccountInfo.bodyEncoding).toBe("multipart");
    expect(logout.auth).toBe("required");
  });
});

describe("the endpoint list", () => {
  const all: Array<[string, EndpointDefinition]> = Object.entries(endpoints);

  it("names each call once", () => {
    const keys = all.map(([, endpoint]) => `${endpoint.method} ${endpoint.path}`);
    expect(new Set(keys).size).toBe(keys.length);
  });

  it.each(all)("%s describes its answer and each path parameter", (_name, endpoint) => {
    if (endpoint.kind !== "file") expect(endpoint.data).toBeDefined();
    else expect(endpoint.data).toBeUndefined();
    const names = [...endpoint.path.matchAll(/:([A-Za-z_]\w*)/g)].map((match) => match[1]);
    const params = endpoint.params as { shape?: Record<string, unknown> } | undefined;
    expect(Object.keys(params?.shape ?? {}).sort()).toEqual(names.sort());
    if (endpoint.method === "GET") expect(endpoint.body).toBeUndefined();
  });
});

describe("endpoint types", () => {
  it("give callers the shapes they send and receive", () => {
    expectTypeOf<EndpointData<typeof getFontList>["records"][number]>().toEqualTypeOf<Font>();
    expectTypeOf<EndpointData<typeof logout>>().toEqualTypeOf<null>();
    expectTypeOf<{ current: number; size: string; sort: "new" }>().toMatchTypeOf<EndpointQuery<typeof getFontList>>();
    expectTypeOf<EndpointBody<typeof createSubsets>>().toEqualTypeOf<SubsetRequest>();
    expectTypeOf<PathParams<"/a/:id/b/:name">>().toEqualTypeOf<{ id: string | number } & { name: string | number }>();
  });
});
