import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import wawoff2 from "wawoff2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { serveRouter, type TestServer } from "../../http/testing/test-server.js";
import { createSubsetService, type SubsetService } from "../index.js";
import { NOTO_SANS_SC, testFontSource, unicodesOf, ZCOOL_KUAILE } from "../testing/fonts.js";
import type { WebFontCatalogue } from "./web-font-catalogue.js";

/** The two test fonts as the catalogue would name them; 思源黑体 also claims a 700 whose file is unknown. */
const FAMILIES: Record<string, Array<{ gno: string; weight: number; isDefault: boolean }>> = {
  站酷快乐体: [{ gno: "10001", weight: 400, isDefault: true }],
  "zcool kuaile": [{ gno: "10001", weight: 400, isDefault: true }],
  思源黑体: [
    { gno: "10002", weight: 400, isDefault: true },
    { gno: "19999", weight: 700, isDefault: false },
  ],
  "noto sans sc": [{ gno: "10002", weight: 400, isDefault: true }],
};
const FILES: Record<string, string> = { "10001": ZCOOL_KUAILE, "10002": NOTO_SANS_SC };

const testCatalogue: WebFontCatalogue = {
  async family(name) {
    const weights = FAMILIES[name.toLowerCase().replace(/\s+/g, " ").trim()];
    return weights ? { weights } : null;
  },
  async codepoints(gno) {
    const file = FILES[gno];
    return file ? [...unicodesOf(readFileSync(file))].sort((a, b) => a - b) : null;
  },
};

type Rule = { family: string; weight: string; display: string; sources: string[]; range: string | null };

function parseRules(css: string): Rule[] {
  return [...css.matchAll(/@font-face \{([^}]*)\}/g)].map(([, body]) => {
    const value = (property: string) => new RegExp(`${property}: ([^;]*);`).exec(body!)?.[1] ?? null;
    return {
      family: value("font-family")!,
      weight: value("font-weight")!,
      display: value("font-display")!,
      sources: [...value("src")!.matchAll(/url\(([^)]*)\)/g)].map((match) => match[1]!),
      range: value("unicode-range"),
    };
  });
}

function codepointsOfRange(range: string): number[] {
  return range.split(", ").flatMap((part) => {
    const [first, last = first] = part
      .slice(2)
      .split("-")
      .map((hex) => parseInt(hex!, 16));
    return Array.from({ length: last! - first! + 1 }, (_, index) => first! + index);
  });
}

describe("the CSS API (/css2)", () => {
  let cacheDir: string;
  let service: SubsetService;
  let server: TestServer;

  beforeAll(async () => {
    cacheDir = mkdtempSync(path.join(tmpdir(), "web-fonts-"));
    service = await createSubsetService({
      cacheDir,
      memoryBudgetBytes: 128 * 1024 * 1024,
      fontSource: testFontSource(),
      webFontCatalogue: testCatalogue,
    });
    server = await serveRouter(service.router);
  });
  afterAll(async () => {
    await server.close();
    await service.close();
    rmSync(cacheDir, { recursive: true, force: true });
  });

  const css2 = (query: string) => fetch(`${server.origin}/css2?${query}`);

  function statusOf(url: string, headers: Record<string, string>): Promise<number> {
    return new Promise((resolve, reject) => {
      get(url, { headers }, (response) => {
        response.resume();
        resolve(response.statusCode ?? 0);
      }).on("error", reject);
    });
  }

  async function fontFile(cssUrl: string, source: string): Promise<{ response: Response; sfnt: Uint8Array }> {
    const response = await fetch(new URL(source, cssUrl));
    const bytes = new Uint8Array(await response.arrayBuffer());
    expect(response.status).toBe(200);
    return { response, sfnt: new Uint8Array(await wawoff2.decompress(bytes)) };
  }

  it("answers text= with one @font-face per family and weight, whose files hold exactly those characters", async () => {
    const text = "短视频字体Ab，";
    const query = `family=${encodeURIComponent("站酷快乐体")}&family=Noto+Sans+SC:wght@400&display=swap&text=${encodeURIComponent(text)}`;
    const response = await css2(query);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("text/css; charset=utf-8");
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("cache-control")).toMatch(/^public, max-age=86400/);
    const etag = response.headers.get("etag");
    expect(etag).toMatch(/^"[\w-]+"$/);
    const rules = parseRules(await response.text());
    expect(rules.map((rule) => [rule.family, rule.weight, rule.display])).toEqual([
      ['"站酷快乐体"', "400", "swap"],
      ['"Noto Sans SC"', "400", "swap"],
    ]);
    expect(rules.every((rule) => rule.range === null)).toBe(true);

    for (const [index, rule] of rules.entries()) {
      const { response: file, sfnt } = await fontFile(response.url, rule.sources[0]!);
      expect(file.headers.get("content-type")).toBe("font/woff2");
      expect(file.headers.get("access-control-allow-origin")).toBe("*");
      expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
      const font = readFileSync(index === 0 ? ZCOOL_KUAILE : NOTO_SANS_SC);
      const wanted = [...new Set([...text].map((character) => character.codePointAt(0)!))].filter((codepoint) =>
        unicodesOf(font).has(codepoint),
      );
      expect([...unicodesOf(sfnt)].sort((a, b) => a - b)).toEqual(wanted.sort((a, b) => a - b));
    }

    // fetch() adds Cache-Control: no-cache to a conditional request, which a server rightly answers in full.
    expect(await statusOf(`${server.origin}/css2?${query}`, { "If-None-Match": etag! })).toBe(304);
  });

  it("answers without text= the family in unicode-range slices, frequent characters first, covering the font once", async () => {
    const response = await css2("family=思源黑体");
    expect(response.status).toBe(200);
    const rules = parseRules(await response.text());
    expect(rules.length).toBeGreaterThanOrEqual(30);
    const all = rules.flatMap((rule) => codepointsOfRange(rule.range!));
    const font = [...unicodesOf(readFileSync(NOTO_SANS_SC))].sort((a, b) => a - b);
    expect(all.length).toBe(new Set(all).size);
    expect([...all].sort((a, b) => a - b)).toEqual(font);
    // The most frequent characters are in the first slices after Latin: common text needs few files.
    const sliceOf = (character: string) =>
      rules.findIndex((rule) => codepointsOfRange(rule.range!).includes(character.codePointAt(0)!));
    expect(sliceOf("的")).toBe(1);
    expect(new Set([..."我们都用了这个"].map(sliceOf))).toEqual(new Set([1]));
    expect(Math.max(...[..."我们的短视频作品都用了这个字体"].map(sliceOf))).toBeLessThanOrEqual(6);

    const slice = rules[1]!;
    const { response: file, sfnt } = await fontFile(response.url, slice.sources[0]!);
    expect(file.headers.get("access-control-allow-origin")).toBe("*");
    expect(file.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(file.headers.get("etag")).toBeTruthy();
    expect([...unicodesOf(sfnt)].sort((a, b) => a - b)).toEqual(codepointsOfRange(slice.range!));

    const stale = new URL(slice.sources[0]!.replace(/-[0-9a-f]{32}\./, `-${"0".repeat(32)}.`), response.url);
    expect((await fetch(stale)).status).toBe(404);
  });

  it.each([
    ["", "缺少 family 参数"],
    ["family=不存在的字体", "没有名为「不存在的字体」的字体家族"],
    [`family=${encodeURIComponent("思源黑体:wght@400;950")}`, "「思源黑体」没有 950 字重（可用：400、700）"],
    [`family=${encodeURIComponent("思源黑体:wght@700")}`, "「思源黑体」的 700 字重暂时无法使用"],
    [`family=${encodeURIComponent("思源黑体:ital,wght@1,400")}`, "只支持 wght 轴"],
    ["family=Noto+Sans+SC&display=fast", "display 只能是"],
    ["family=Noto+Sans+SC&text=a&text=b", "text 只能出现一次"],
    ["family[x]=1", "family 参数格式不正确"],
  ])("refuses %s with a 400 in Chinese", async (query, message) => {
    const response = await css2(query);
    expect(response.status).toBe(400);
    const body = (await response.json()) as { code: string; message: string };
    expect(body.code).toBe("400");
    expect(body.message).toContain(message);
  });

  it("no request ends in a 5xx", () => {
    expect(server.statuses.filter((status) => status >= 500)).toEqual([]);
  });
});
