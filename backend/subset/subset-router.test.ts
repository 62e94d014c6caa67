import { randomBytes } from "node:crypto";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get, request, type OutgoingHttpHeaders } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { SubsetService } from "./index.js";
import { FileWriter } from "./file-writer.js";
import { readBundle, readBundledFile } from "./subset-bundle.js";
import type { SubsetResponseItem } from "../../contract/subset.js";
import { distinctIdeographs, sfntFromWoff, unicodesOf, ZCOOL_KUAILE } from "./testing/fonts.js";
import { serveTestFontService, type ServedTestFontService } from "./testing/test-font-service.js";

type Envelope<T> = { code: string; message: string; data: T };

/**
 * The contract's tests run on the router alone, and with `previewAnswers` ahead of it as server.ts
 * serves them: the common requests answered without Express, the rest by the router.
 */
const SERVINGS: Array<[string, Record<string, string> | undefined]> = [
  ["the router alone", undefined],
  ["previewAnswers ahead of the router", {}],
];

describe.each(SERVINGS)("subset HTTP routes, %s", (_serving, previewAnswerHeaders) => {
  let cacheDir: string;
  let served: ServedTestFontService;
  let base: string;

  let fontsDir: string;
  /** gno 10003 is a truncated copy of 10001's file, 10004 random bytes named .ttf. */
  let corruptFonts: Record<string, string>;

  beforeAll(async () => {
    cacheDir = mkdtempSync(path.join(tmpdir(), "subset-router-"));
    fontsDir = mkdtempSync(path.join(tmpdir(), "subset-router-fonts-"));
    const whole = readFileSync(ZCOOL_KUAILE);
    corruptFonts = { "10003": path.join(fontsDir, "truncated.ttf"), "10004": path.join(fontsDir, "random.ttf") };
    writeFileSync(corruptFonts["10003"]!, whole.subarray(0, whole.byteLength / 2));
    writeFileSync(corruptFonts["10004"]!, randomBytes(100_000));
    await startService();
  });
  afterAll(async () => {
    await served.close();
    rmSync(cacheDir, { recursive: true, force: true });
    rmSync(fontsDir, { recursive: true, force: true });
  });

  async function startService(): Promise<void> {
    served = await serveTestFontService({ cacheDir, fontFiles: corruptFonts, previewAnswerHeaders });
    base = served.server.origin;
  }

  function post(body: string, contentType = "application/json"): Promise<Response> {
    return fetch(`${base}/webfont/http`, { method: "POST", headers: { "Content-Type": contentType }, body });
  }

  async function subset(items: unknown): Promise<SubsetResponseItem[]> {
    const response = await post(JSON.stringify(items));
    const body = (await response.json()) as Envelope<SubsetResponseItem[]>;
    expect(response.status, body.message).toBe(200);
    expect(body.code).toBe("200");
    expect(body.message).toBe("success");
    return body.data;
  }

  it("answers a batch in request order with family names and file URLs", async () => {
    const data = await subset([
      { gno: "10002", text: "思源黑体" },
      { gno: "10001", text: "快乐体" },
      { gno: 10001, text: "快乐体" },
    ]);
    expect(data.map((item) => [item.gno, item.text])).toEqual([
      ["10002", "思源黑体"],
      ["10001", "快乐体"],
      ["10001", "快乐体"],
    ]);
    for (const item of data) {
      expect(item.familyName).toMatch(new RegExp(`^A${item.gno}-[0-9a-f]{8}$`));
      expect(item.woffPath).toMatch(/^\/webfont\/files\/[0-9a-f]{32}\.woff\?t=\d{13}$/);
      expect(item.ttfPath).toMatch(/^\/webfont\/files\/[0-9a-f]{32}\.ttf\?t=\d{13}$/);
    }
    expect(data[2]).toEqual(data[1]);
    expect(data[0]!.familyName).not.toBe(data[1]!.familyName);
  });

  it("names the characters of each text the font has no glyph for, as its own subset file shows", async () => {
    const [lacks, hasAll] = await subset([
      { gno: "10001", text: "快乐龘😀" },
      { gno: "10001", text: "快乐" },
    ]);
    const ttf = unicodesOf(new Uint8Array(await (await fetch(`${base}${lacks!.ttfPath}`)).arrayBuffer()));
    const expected = [..."快乐龘😀"].filter((character) => !ttf.has(character.codePointAt(0)!)).join("");
    expect(expected).toContain("😀");
    expect(lacks!.lacking).toBe(expected);
    expect(hasAll!.lacking).toBe("");
  });

  it("accepts {list: [...]}", async () => {
    const [item] = await subset({ list: [{ gno: "10001", text: "列表" }] });
    expect(item!.gno).toBe("10001");
  });

  it("serves files that cover exactly the requested characters, with cache and CORS headers", async () => {
    const [item] = await subset([{ gno: "10001", text: "短视频字体" }]);
    const woff = await fetch(`${base}${item!.woffPath}`);
    expect(woff.status).toBe(200);
    expect(woff.headers.get("content-type")).toBe("font/woff");
    expect(woff.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(woff.headers.get("access-control-allow-origin")).toBe("*");
    const etag = woff.headers.get("etag");
    expect(etag).toMatch(/^"[0-9a-f]{32}\.woff"$/);
    const woffBytes = new Uint8Array(await woff.arrayBuffer());
    expect(unicodesOf(sfntFromWoff(woffBytes))).toEqual(new Set([..."短视频字体"].map((c) => c.codePointAt(0))));

    const ttf = await fetch(`${base}${item!.ttfPath}`);
    expect(ttf.headers.get("content-type")).toBe("font/ttf");
    expect(unicodesOf(new Uint8Array(await ttf.arrayBuffer()))).toEqual(unicodesOf(sfntFromWoff(woffBytes)));

    // fetch() adds Cache-Control: no-cache to conditional requests, as browsers' reloads do; use plain http.
    expect(await statusOf(`${base}${item!.woffPath}`, { "If-None-Match": etag! })).toBe(304);
  });

  it("returns the same URLs and t for a repeated request, then the WOFF2 once it is made", async () => {
    const [first] = await subset([{ gno: "10002", text: "重复请求" }]);
    const [second] = await subset([{ gno: "10002", text: "求请复重" }]);
    expect(second!.woffPath).toBe(first!.woffPath);
    expect(second!.ttfPath).toBe(first!.ttfPath);
    expect(second!.familyName).toBe(first!.familyName);

    // The repeat queued a WOFF2 in the background; a restart on the same cache dir waits for it.
    await served.close();
    await startService();
    const [third] = await subset([{ gno: "10002", text: "重复请求" }]);
    const t = new URL(first!.woffPath, base).searchParams.get("t");
    expect(third!.woffPath).toBe(first!.woffPath.replace(".woff?", ".woff2?"));
    expect(new URL(third!.woffPath, base).searchParams.get("t")).toBe(t);
    expect(third!.ttfPath).toBe(first!.ttfPath);
    const woff2 = await fetch(`${base}${third!.woffPath}`);
    expect(woff2.headers.get("content-type")).toBe("font/woff2");
    expect(String.fromCharCode(...new Uint8Array(await woff2.arrayBuffer()).subarray(0, 4))).toBe("wOF2");
  });

  it("gives identical concurrent requests the same answer", async () => {
    const text = distinctIdeographs(300, 0x5000);
    const answers = await Promise.all([1, 2, 3].map(() => subset([{ gno: "10002", text }])));
    expect(answers[1]).toEqual(answers[0]);
    expect(answers[2]).toEqual(answers[0]);
  });

  describe("a corrupt font file", () => {
    it.each([
      ["a truncated file", "10003"],
      ["random bytes", "10004"],
    ])("answers 503 naming the font for %s, logs it, and keeps serving other fonts", async (_name, gno) => {
      const log = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        for (const body of [
          [{ gno, text: "快乐" }],
          [
            { gno: "10001", text: "快乐" },
            { gno, text: "快乐" },
          ],
        ]) {
          const response = await post(JSON.stringify(body));
          const envelope = (await response.json()) as Envelope<null>;
          expect(response.status).toBe(503);
          expect(envelope).toEqual({
            code: "503",
            message: expect.stringMatching(new RegExp(`^字体 ${gno} 暂时无法使用：`)),
            data: null,
          });
        }
        expect(log).toHaveBeenCalledTimes(2);
        expect(String(log.mock.calls[0]![0])).toContain(gno);
      } finally {
        log.mockRestore();
      }
      const [item] = await subset([{ gno: "10001", text: "照常" }]);
      expect((await fetch(`${base}${item!.woffPath}`)).status).toBe(200);
    });
  });

  describe("400 envelope", () => {
    const tooMany = Array.from({ length: 51 }, () => ({ gno: "10001", text: "字" }));
    const tooMuchInAll = Array.from({ length: 11 }, (_, index) => ({
      gno: "10001",
      text: distinctIdeographs(2000, 0x4e00 + index * 2000),
    }));
    const cases: Array<[string, string, string, RegExp]> = [
      ["an empty batch", "[]", "application/json", /请求列表不能为空/],
      ["an empty list", '{"list":[]}', "application/json", /请求列表不能为空/],
      ["more than 50 items", JSON.stringify(tooMany), "application/json", /最多请求 50 项/],
      ["a missing text", '[{"gno":"10001"}]', "application/json", /第 1 项：text 不能为空/],
      [
        "an empty text",
        '[{"gno":"10001","text":"好"},{"gno":"10001","text":""}]',
        "application/json",
        /第 2 项：text 不能为空/,
      ],
      ["a text that is not a string", '[{"gno":"10001","text":5}]', "application/json", /text 必须是字符串/],
      ["a missing gno", '[{"text":"好"}]', "application/json", /第 1 项：gno 不能为空/],
      ["a malformed gno", '[{"gno":"../x","text":"好"}]', "application/json", /gno 必须是字体编号/],
      [
        "a text over 2000 characters",
        JSON.stringify([{ gno: "10001", text: distinctIdeographs(2001) }]),
        "application/json",
        /不能超过 2000 个字符/,
      ],
      [
        "texts over 20000 characters in all",
        JSON.stringify(tooMuchInAll),
        "application/json",
        /合计不能超过 20000 个字符/,
      ],
      ["an unknown gno", '[{"gno":"99999","text":"好"}]', "application/json", /^字体 99999 不存在$/],
      ["malformed JSON", '[{"gno":"10001",', "application/json", /不是合法的 JSON/],
      ["a body that is not a list", '{"gno":"10001","text":"好"}', "application/json", /必须是 \[\{gno, text\}\] 数组/],
      ["a JSON string body", '"hello"', "application/json", /不是合法的 JSON/],
      ["the wrong content type", '[{"gno":"10001","text":"好"}]', "text/plain", /Content-Type: application\/json/],
      ["a form body", "gno=10001&text=x", "application/x-www-form-urlencoded", /必须是 JSON/],
      ["an unsupported charset", '[{"gno":"10001","text":"好"}]', "application/json; charset=latin-9", /编码不受支持/],
    ];

    it.each(cases)("for %s", async (_name, body, contentType, message) => {
      const response = await post(body, contentType);
      const envelope = (await response.json()) as Envelope<null>;
      expect(response.status).toBe(400);
      expect(envelope.code).toBe("400");
      expect(envelope.message).toMatch(message);
      expect(envelope.data).toBeNull();
    });

    it("for JSON nested deeper than a subset request can be", async () => {
      const deep = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
      for (const body of [
        deep(50_000),
        `{"list":${deep(100)}}`,
        `[{"gno":"10001","text":"好","extra":${deep(50_000)}}]`,
      ]) {
        const response = await post(body);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ code: "400", message: "请求体嵌套过深", data: null });
      }
    });
  });

  describe("413 envelope", () => {
    it("for a body over 256 KB", async () => {
      const response = await post(JSON.stringify([{ gno: "10001", text: "字".repeat(90_000) }]));
      expect(response.status).toBe(413);
      expect(await response.json()).toEqual({ code: "413", message: "请求体过大（最多 256 KB）", data: null });
    });

    it("not for a body just under the limit", async () => {
      const texts = Array.from({ length: 40 }, (_, index) => ({ gno: "10001", text: "字".repeat(2000) + index }));
      const body = JSON.stringify(texts);
      expect(Buffer.byteLength(body)).toBeGreaterThan(200 * 1024);
      expect(Buffer.byteLength(body)).toBeLessThan(256 * 1024);
      expect((await post(body)).status).toBe(200);
    });

    it("for a POST without a body", async () => {
      const response = await fetch(`${base}/webfont/http`, { method: "POST" });
      expect(response.status).toBe(400);
      expect(((await response.json()) as Envelope<null>).code).toBe("400");
    });
  });

  describe("file route", () => {
    it.each([
      ["an unknown file", `/webfont/files/${"0".repeat(32)}.woff`],
      ["a name outside the cache's pattern", "/webfont/files/index.json"],
      ["a traversal", "/webfont/files/..%2F..%2Fpackage.json"],
      ["an encoded traversal", "/webfont/files/%2e%2e%2fsubset-cache.json"],
      ["an index entry", `/webfont/files/${"0".repeat(32)}.json`],
    ])("answers 404 envelope for %s", async (_name, url) => {
      const response = await fetch(`${base}${url}`);
      expect(response.status).toBe(404);
      expect(await response.json()).toEqual({ code: "404", message: "文件不存在", data: null });
    });

    it.each(["/webfont/files/%E0", "/webfont/files/%E0%A4%A.woff2", "/webfont/files/a%"])(
      "answers a name that is not valid percent-encoding (%s) with the 400 envelope",
      async (url) => {
        const response = await fetch(`${base}${url}`);
        expect(response.status).toBe(400);
        expect(await response.json()).toEqual({ code: "400", message: "请求格式不正确", data: null });
      },
    );
  });

  it.each([
    ["DELETE", "/webfont/http", "POST, OPTIONS"],
    ["GET", "/webfont/http", "POST, OPTIONS"],
    ["PUT", "/webfont/http", "POST, OPTIONS"],
    ["TRACE", "/webfont/http", "POST, OPTIONS"],
    ["POST", `/webfont/files/${"0".repeat(32)}.woff`, "GET, HEAD, OPTIONS"],
    ["DELETE", `/webfont/files/${"0".repeat(32)}.woff`, "GET, HEAD, OPTIONS"],
    ["TRACE", `/webfont/files/${"0".repeat(32)}.woff`, "GET, HEAD, OPTIONS"],
  ])("answers %s %s with 405, Allow and the envelope", async (method, url, allow) => {
    const { status, headers, body } = await send(`${base}${url}`, method);
    expect(status).toBe(405);
    expect(headers.allow).toBe(allow);
    expect(JSON.parse(body)).toEqual({
      code: "405",
      message: `该接口不支持 ${method} 请求（可用：${allow.split(", ").join("、")}）`,
      data: null,
    });
  });

  it("answers CORS preflight for the subset call", async () => {
    const response = await fetch(`${base}/webfont/http`, {
      method: "OPTIONS",
      headers: {
        Origin: "https://example.test",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "content-type, x-requested-with",
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-methods")).toContain("POST");
    expect(response.headers.get("access-control-allow-headers")).toBe("content-type, x-requested-with");
  });
});

describe("subset HTTP routes with a small disk budget", () => {
  it("evicts older subsets from disk, and makes an evicted one's file again from its recipe when asked", async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), "subset-router-budget-"));
    const served = await serveTestFontService({
      cacheDir,
      memoryBudgetBytes: 64 * 1024 * 1024,
      cacheMaxBytes: 1, // below any subset: each new one evicts every other not in use
    });
    const { service } = served;
    const base = served.server.origin;
    const subsetOf = async (text: string) => {
      const response = await fetch(`${base}/webfont/http`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify([{ gno: "10001", text }]),
      });
      return ((await response.json()) as Envelope<SubsetResponseItem[]>).data[0]!;
    };
    const hashOf = (filePath: string) => /([0-9a-f]{32})\./.exec(filePath)![1]!;
    // The whole file is read, so that its response is over and no longer holds the subset.
    const fileOf = async (filePath: string) => {
      const response = await fetch(`${base}${filePath}`);
      return { status: response.status, bytes: new Uint8Array(await response.arrayBuffer()) };
    };
    try {
      // Each file asked for twice: written to disk, where the budget applies.
      const first = await subsetOf("第一");
      const woff = await fileOf(first.woffPath);
      expect(woff.status).toBe(200);
      expect(await fileOf(first.woffPath)).toEqual(woff);
      await expect.poll(() => readdirSync(cacheDir)).toContain(`${hashOf(first.woffPath)}.subset`);
      const second = await subsetOf("第二");
      await fileOf(second.woffPath);
      await fileOf(second.woffPath);
      await service.close(); // waits for the writes and the deletions
      expect(readdirSync(cacheDir)).not.toContain(`${hashOf(first.woffPath)}.subset`);
      // The first one's file, asked for after its eviction (from a page kept by a browser, say).
      expect(await fileOf(first.woffPath)).toEqual(woff);
      const again = await subsetOf("第一");
      expect(again.familyName).toBe(first.familyName);
      expect((await fileOf(again.woffPath)).status).toBe(200);
    } finally {
      await served.close();
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});

describe.each(SERVINGS)("subset HTTP routes under per-client rate limits, %s", (_serving, previewAnswerHeaders) => {
  let served: ServedTestFontService;
  let base: string;

  beforeAll(async () => {
    served = await serveTestFontService({
      previewAnswerHeaders,
      memoryBudgetBytes: 64 * 1024 * 1024,
      rateLimitPerMinute: 20,
      fileRateLimitPerMinute: 3,
      trustProxy: "loopback", // as in production: the address a local proxy forwards is the client's
    });
    base = served.server.origin;
  });
  afterAll(() => served.close());

  async function subsetFrom(client: string, items: Array<{ gno: string; text: string }>) {
    const response = await fetch(`${base}/webfont/http`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": client },
      body: JSON.stringify(items),
    });
    return { response, body: (await response.json()) as Envelope<SubsetResponseItem[] | null> };
  }

  it("refuses a client's fresh subsets beyond its limit with 429 and Retry-After, while cached ones stay cheap", async () => {
    // Each item costs 1, plus its characters not yet cached.
    const fresh = await subsetFrom("198.51.100.1", [{ gno: "10001", text: distinctIdeographs(15, 0x6000) }]);
    expect(fresh.response.status).toBe(200); // 16 of 20
    const refused = await subsetFrom("198.51.100.1", [{ gno: "10001", text: distinctIdeographs(5, 0x6100) }]);
    expect(refused.response.status).toBe(429);
    expect(refused.body).toEqual({ code: "429", message: "请求过于频繁，请稍后再试", data: null });
    expect(Number(refused.response.headers.get("retry-after"))).toBeGreaterThanOrEqual(1);
    expect(Number(refused.response.headers.get("retry-after"))).toBeLessThanOrEqual(60);
    // The same characters again are cached: 1 each.
    for (let repeat = 0; repeat < 4; repeat++) {
      const cached = await subsetFrom("198.51.100.1", [{ gno: "10001", text: distinctIdeographs(15, 0x6000) }]);
      expect(cached.response.status).toBe(200);
    }
    expect((await subsetFrom("198.51.100.1", [{ gno: "10001", text: "新" }])).response.status).toBe(429);
  });

  it("does not count one client's requests against another", async () => {
    const flood = Array.from({ length: 3 }, (_, index) => ({
      gno: "10001",
      text: distinctIdeographs(10, 0x6200 + index * 10),
    }));
    await subsetFrom("198.51.100.2", flood);
    expect((await subsetFrom("198.51.100.2", [{ gno: "10001", text: "他" }])).response.status).toBe(429);
    expect((await subsetFrom("198.51.100.3", [{ gno: "10001", text: "他" }])).response.status).toBe(200);
    expect((await subsetFrom("2001:db8:5::1", [{ gno: "10001", text: "你" }])).response.status).toBe(200);
  });

  it("limits the files a client fetches", async () => {
    const { body } = await subsetFrom("198.51.100.4", [{ gno: "10001", text: "文件" }]);
    const url = `${base}${body.data![0]!.woffPath}`;
    const fetchFrom = (client: string) => fetch(url, { headers: { "X-Forwarded-For": client } });
    for (let count = 0; count < 3; count++) expect((await fetchFrom("198.51.100.4")).status).toBe(200);
    const refused = await fetchFrom("198.51.100.4");
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(await refused.json()).toEqual({ code: "429", message: "请求过于频繁，请稍后再试", data: null });
    expect((await fetchFrom("198.51.100.5")).status).toBe(200);
  });
});

describe("previewAnswers: the previews' requests answered ahead of the server's app", () => {
  let served: ServedTestFontService;
  let base: string;
  const SERVER_HEADER = "x-server-headers";

  beforeAll(async () => {
    served = await serveTestFontService({
      fileRateLimitPerMinute: 4,
      trustProxy: "loopback",
      previewAnswerHeaders: { [SERVER_HEADER]: "set" },
    });
    base = served.server.origin;
  });
  afterAll(() => served.close());

  const subsetFrom = async (client: string, text: string) => (await subsetsOf(base, [text], client))[0]!;
  const fetchFrom = (client: string, url: string, headers: Record<string, string> = {}) =>
    fetch(`${base}${url}`, { headers: { "X-Forwarded-For": client, ...headers } });

  /** A subset request with its body streamed, of no declared length: the form the router alone reads. */
  const postStreamed = (client: string, body: string) =>
    fetch(`${base}/webfont/http`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": client },
      body: new Blob([body]).stream(),
      duplex: "half",
    } as RequestInit);
  const headersBut = (response: Response, left: string[]) =>
    Object.fromEntries([...response.headers].filter(([name]) => !left.includes(name)));

  it("answers a subset request as the route does, with the server's headers", async () => {
    const body = JSON.stringify([{ gno: "10001", text: "应答" }]);
    const early = await fetch(`${base}/webfont/http`, {
      method: "POST",
      headers: { "Content-Type": "application/json; charset=UTF-8", "X-Forwarded-For": "198.51.100.25" },
      body,
    });
    expect(early.status).toBe(200);
    expect(early.headers.get(SERVER_HEADER)).toBe("set");
    const byRoute = await postStreamed("198.51.100.25", body);
    expect(byRoute.headers.get(SERVER_HEADER)).toBeNull();
    expect(await early.json()).toEqual(await byRoute.json());
    const perAnswer = ["date", SERVER_HEADER, "content-length", "transfer-encoding"];
    expect(headersBut(early, perAnswer)).toEqual(headersBut(byRoute, perAnswer));
  });

  it("refuses a subset request as the route does: its status, envelope and headers", async () => {
    for (const body of [
      '[{"gno":"10001",',
      '"文字"',
      '[{"gno":"99999","text":"好"}]',
      "[".repeat(20) + "]".repeat(20),
    ]) {
      const early = await fetch(`${base}/webfont/http`, {
        method: "POST",
        headers: { "Content-Type": "application/json", "X-Forwarded-For": "198.51.100.26" },
        body,
      });
      expect(early.headers.get(SERVER_HEADER), body).toBe("set");
      const byRoute = await postStreamed("198.51.100.26", body);
      expect(early.status, body).toBe(400);
      expect(byRoute.status, body).toBe(400);
      expect(await early.json(), body).toEqual(await byRoute.json());
      const perAnswer = ["date", SERVER_HEADER, "content-length", "transfer-encoding"];
      expect(headersBut(early, perAnswer), body).toEqual(headersBut(byRoute, perAnswer));
    }
  });

  it("leaves every other form of subset request to the router", async () => {
    const body = JSON.stringify([{ gno: "10001", text: "其余" }]);
    const forms: Array<[string, RequestInit]> = [
      ["a streamed body", {}],
      ["another charset", { headers: { "Content-Type": "application/json; charset=latin-9" }, body }],
      ["a compressed body", { headers: { "Content-Type": "application/json", "Content-Encoding": "gzip" }, body }],
      ["a query", { headers: { "Content-Type": "application/json" }, body }],
      ["no body", { headers: { "Content-Type": "application/json" } }],
    ];
    for (const [form, init] of forms) {
      const response =
        form === "a streamed body"
          ? await postStreamed("198.51.100.27", body)
          : await fetch(`${base}/webfont/http${form === "a query" ? "?a=1" : ""}`, { method: "POST", ...init });
      await response.arrayBuffer();
      expect(response.headers.get(SERVER_HEADER), form).toBeNull();
    }
  });

  it("sends a new subset's file with the route's headers and bytes, and the server's headers", async () => {
    const { woffPath } = await subsetFrom("198.51.100.20", "内存");
    const name = /files\/([^?]+)/.exec(woffPath)![1]!;
    const early = await fetchFrom("198.51.100.20", woffPath);
    expect(early.status).toBe(200);
    expect(early.headers.get(SERVER_HEADER)).toBe("set");
    // A conditional request goes on to the route, which answers it with the same file.
    const byRoute = await fetchFrom("198.51.100.20", woffPath, { "If-None-Match": '"another"' });
    expect(byRoute.headers.get(SERVER_HEADER)).toBeNull();
    for (const header of ["content-type", "cache-control", "etag", "access-control-allow-origin", "content-length"]) {
      expect(early.headers.get(header), header).toBe(byRoute.headers.get(header));
    }
    expect(early.headers.get("etag")).toBe(`"${name}"`);
    const bytes = new Uint8Array(await early.arrayBuffer());
    expect(bytes).toEqual(new Uint8Array(await byRoute.arrayBuffer()));
    expect(unicodesOf(sfntFromWoff(bytes))).toEqual(new Set([..."内存"].map((c) => c.codePointAt(0))));
    expect(
      await statusOf(`${base}${woffPath}`, { "If-None-Match": `"${name}"`, "X-Forwarded-For": "198.51.100.20" }),
    ).toBe(304);
  });

  it("counts its answers against the client's file limit, and refuses past it as the route does", async () => {
    const { woffPath } = await subsetFrom("198.51.100.21", "限额");
    for (let count = 0; count < 4; count++) expect((await fetchFrom("198.51.100.21", woffPath)).status).toBe(200);
    // Served just now, so in memory: refused by previewAnswers, not by the route.
    const refused = await fetchFrom("198.51.100.21", woffPath);
    expect(refused.status).toBe(429);
    expect(refused.headers.get("retry-after")).toMatch(/^\d+$/);
    expect(refused.headers.get(SERVER_HEADER)).toBe("set");
    expect(refused.headers.get("access-control-allow-origin")).toBe("*");
    expect(await refused.json()).toEqual({ code: "429", message: "请求过于频繁，请稍后再试", data: null });
    expect((await fetchFrom("198.51.100.22", woffPath)).status).toBe(200);
  });

  it("takes a refused request for no use of the file: a subset asked for again but refused stays off the disk", async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), "subset-router-refused-"));
    const limited = await serveTestFontService({
      cacheDir,
      fileRateLimitPerMinute: 1,
      trustProxy: "loopback",
      previewAnswerHeaders: {},
    });
    const origin = limited.server.origin;
    const statusFrom = async (client: string, url: string) => {
      const response = await fetch(`${origin}${url}`, { headers: { "X-Forwarded-For": client } });
      await response.arrayBuffer();
      return response.status;
    };
    const bundleOf = (url: string) => `${/([0-9a-f]{32})\./.exec(url)![1]}.subset`;
    try {
      const [refusedTheSecondTime, askedForTwice] = (await subsetsOf(origin, ["拒绝", "两次"])).map(
        (item) => item.woffPath,
      );
      // Each first request is answered once the subset is made; the second then finds it in memory.
      expect(await statusFrom("198.51.100.30", refusedTheSecondTime)).toBe(200);
      expect(await statusFrom("198.51.100.30", refusedTheSecondTime)).toBe(429);
      expect(await statusFrom("198.51.100.31", askedForTwice)).toBe(200);
      expect(await statusFrom("198.51.100.32", askedForTwice)).toBe(200);
      await limited.service.close(); // waits for the writes
      const files = readdirSync(cacheDir);
      expect(files).toContain(bundleOf(askedForTwice));
      expect(files).not.toContain(bundleOf(refusedTheSecondTime));
    } finally {
      await limited.close();
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });

  it("leaves HEAD, other names and files not in memory to the route", async () => {
    const { woffPath } = await subsetFrom("198.51.100.23", "其他");
    const head = await fetch(`${base}${woffPath}`, { method: "HEAD", headers: { "X-Forwarded-For": "198.51.100.23" } });
    expect(head.status).toBe(200);
    expect(head.headers.get(SERVER_HEADER)).toBeNull();
    expect(head.headers.get("content-type")).toBe("font/woff");
    const missing = await fetchFrom("198.51.100.24", `/webfont/files/${"0".repeat(32)}.woff`);
    expect(missing.status).toBe(404);
    expect(missing.headers.get(SERVER_HEADER)).toBeNull();
    expect(((await missing.json()) as Envelope<null>).code).toBe("404");
    const encoded = await fetchFrom("198.51.100.24", woffPath.replace(".woff", "%2Ewoff"));
    expect(encoded.headers.get(SERVER_HEADER)).toBeNull();
  });
});

/** node:http rather than fetch, which refuses to send TRACE. */
function send(
  url: string,
  method: string,
): Promise<{ status: number; headers: Record<string, unknown>; body: string }> {
  return new Promise((resolve, reject) => {
    const outgoing = request(url, { method }, (response) => {
      let body = "";
      response.setEncoding("utf8");
      response.on("data", (chunk: string) => (body += chunk));
      response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

function statusOf(url: string, headers: OutgoingHttpHeaders): Promise<number | undefined> {
  return new Promise((resolve, reject) => {
    get(url, { headers }, (response) => {
      response.resume();
      resolve(response.statusCode);
    }).on("error", reject);
  });
}

/** A subset service of its own over an empty cache directory, served while `use` runs, then closed and removed. */
async function withOwnService(
  cacheDirPrefix: string,
  use: (own: { origin: string; cacheDir: string; service: SubsetService }) => Promise<void>,
): Promise<void> {
  const cacheDir = mkdtempSync(path.join(tmpdir(), cacheDirPrefix));
  const served = await serveTestFontService({ cacheDir });
  try {
    await use({ origin: served.server.origin, cacheDir, service: served.service });
  } finally {
    await served.close();
    rmSync(cacheDir, { recursive: true, force: true });
  }
}

/** The answer's items for subsets of font 10001 with each of `texts`, asked for by `client` when given. */
async function subsetsOf(origin: string, texts: string[], client?: string): Promise<SubsetResponseItem[]> {
  const response = await fetch(`${origin}/webfont/http`, {
    method: "POST",
    headers: { "Content-Type": "application/json", ...(client && { "X-Forwarded-For": client }) },
    body: JSON.stringify(texts.map((text) => ({ gno: "10001", text }))),
  });
  return ((await response.json()) as Envelope<SubsetResponseItem[]>).data;
}

describe("subset HTTP routes serving files from disk", () => {
  it("streams a file too large to keep in memory from its subset's bundle, a byte range too, after a restart", async () => {
    const cacheDir = mkdtempSync(path.join(tmpdir(), "subset-router-disk-"));
    try {
      const text = distinctIdeographs(2000, 0x4e00);
      const first = await serveTestFontService({ cacheDir });
      const answer = await fetch(`${first.server.origin}/webfont/http`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify([{ gno: "10002", text }]), // Noto Sans SC: its outlines make a file past that bound
      });
      const [item] = ((await answer.json()) as Envelope<SubsetResponseItem[]>).data;
      const kind = /\.(ttf|otf)\?/.exec(item!.ttfPath)![1]!;
      const otherKind = item!.ttfPath.replace(`.${kind}?`, kind === "ttf" ? ".otf?" : ".ttf?");
      const fromMemory = new Uint8Array(await (await fetch(`${first.server.origin}${item!.ttfPath}`)).arrayBuffer());
      expect(fromMemory.byteLength).toBeGreaterThan(256 * 1024); // past what the cache keeps in memory
      // Asked for again, the subset is written to disk (a subset handed out once stays in memory).
      await fetch(`${first.server.origin}/webfont/http`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify([{ gno: "10002", text }]),
      });
      await first.close(); // once its files are written

      const second = await serveTestFontService({ cacheDir });
      try {
        const { origin } = second.server;
        const ttf = await fetch(`${origin}${item!.ttfPath}`);
        expect(ttf.status).toBe(200);
        expect(ttf.headers.get("content-type")).toBe(`font/${kind}`);
        expect(Number(ttf.headers.get("content-length"))).toBe(fromMemory.byteLength);
        expect(new Uint8Array(await ttf.arrayBuffer())).toEqual(fromMemory);
        expect(unicodesOf(fromMemory).size).toBeGreaterThan(1000);

        const range = await fetch(`${origin}${item!.ttfPath}`, { headers: { Range: "bytes=100-199" } });
        expect(range.status).toBe(206);
        expect(range.headers.get("content-range")).toBe(`bytes 100-199/${fromMemory.byteLength}`);
        expect(new Uint8Array(await range.arrayBuffer())).toEqual(fromMemory.subarray(100, 200));

        const woff = new Uint8Array(await (await fetch(`${origin}${item!.woffPath}`)).arrayBuffer());
        expect(unicodesOf(sfntFromWoff(woff))).toEqual(unicodesOf(fromMemory));
        expect((await fetch(`${origin}${otherKind}`)).status).toBe(404); // one kind of sfnt per subset
      } finally {
        await second.close();
      }
    } finally {
      rmSync(cacheDir, { recursive: true, force: true });
    }
  });
});

describe("subset HTTP routes answering before the files are written", () => {
  it("serves a new subset's files to requests sent the moment its answer arrives", async () => {
    await withOwnService("subset-router-early-", async ({ origin: base }) => {
      const texts = Array.from({ length: 8 }, (_, index) => distinctIdeographs(20, 0x4e00 + index * 20));
      const data = await subsetsOf(base, texts);
      const files = await Promise.all(
        data.flatMap((item) => [item.woffPath, item.ttfPath]).map((url) => fetch(`${base}${url}`)),
      );
      expect(files.map((file) => file.status)).toEqual(files.map(() => 200));
      const woffs = await Promise.all(files.filter((_, index) => index % 2 === 0).map((file) => file.arrayBuffer()));
      woffs.forEach((woff, index) => {
        const expected = new Set([...texts[index]!].map((character) => character.codePointAt(0)));
        const covered = unicodesOf(sfntFromWoff(new Uint8Array(woff)));
        expect([...covered].every((codepoint) => expected.has(codepoint))).toBe(true);
      });
    });
  });

  it("serves a new subset's files from memory while they are still being written", async () => {
    const write = FileWriter.prototype.write;
    let openGate!: () => void;
    const gate = new Promise<void>((resolve) => (openGate = resolve));
    const held = vi.spyOn(FileWriter.prototype, "write").mockImplementation(async function (this: FileWriter, ...args) {
      await gate;
      return write.apply(this, args);
    });
    try {
      await withOwnService("subset-router-memory-", async ({ origin, cacheDir, service }) => {
        try {
          const text = distinctIdeographs(20, 0x5000);
          const [item] = await subsetsOf(origin, [text]);
          const signal = AbortSignal.timeout(5_000); // the files are not on disk until the gate opens
          const woff = await fetch(`${origin}${item!.woffPath}`, { signal });
          expect(woff.status).toBe(200);
          expect(woff.headers.get("content-type")).toBe("font/woff");
          expect(woff.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
          const etag = woff.headers.get("etag")!;
          const woffBytes = new Uint8Array(await woff.arrayBuffer());
          const requested = new Set([...text].map((character) => character.codePointAt(0)));
          const covered = unicodesOf(sfntFromWoff(woffBytes));
          expect(covered.size).toBeGreaterThan(0);
          expect([...covered].every((codepoint) => requested.has(codepoint))).toBe(true);
          const ttf = await fetch(`${origin}${item!.ttfPath}`, { signal });
          expect(unicodesOf(new Uint8Array(await ttf.arrayBuffer()))).toEqual(covered);
          expect(await statusOf(`${origin}${item!.woffPath}`, { "If-None-Match": etag })).toBe(304);
          expect(readdirSync(cacheDir)).toEqual([]);

          openGate();
          await service.close();
          const hash = path.basename(new URL(item!.woffPath, origin).pathname).split(".")[0];
          const bundle = path.join(cacheDir, `${hash}.subset`);
          const onDisk = await readBundledFile({ filePath: bundle, ...(await readBundle(bundle))!.woff });
          expect(new Uint8Array(onDisk!)).toEqual(woffBytes);
        } finally {
          openGate(); // before the service closes, which waits for the writes
        }
      });
    } finally {
      held.mockRestore();
    }
  });
});
