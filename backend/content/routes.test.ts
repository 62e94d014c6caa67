import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ZodTypeAny } from "zod";
import type { Font } from "../../contract/catalogue.js";
import { CASE_FONT_ROLES, contentEndpoints, MESSAGE_CONTACT_MESSAGE, SEARCH_KINDS } from "../../contract/content.js";
import type { EndpointData } from "../../contract/endpoint.js";
import { successEnvelopeSchema } from "../../contract/envelope.js";
import { HONEYPOT_MESSAGE, PHONE_MESSAGE } from "../../contract/fields.js";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { apiErrorHandler } from "../http/errors.js";
import { MemoryRateLimits, RateLimiter } from "../http/rate-limits.js";
import { serveRouter, type TestServer } from "../http/testing/test-server.js";
import { createBackend, type Backend } from "../index.js";
import { createContentRouter } from "./routes.js";
import { seedContent } from "./seed.js";
import { ALBUM_SEEDS } from "./seed/albums.js";
import { BAIKE_SEEDS } from "./seed/baike.js";
import { CASE_SEEDS } from "./seed/cases.js";
import { NEWS_SEEDS } from "./seed/news.js";
import { VIDEO_SEEDS } from "./seed/videos.js";
import { contentDb } from "./tables.js";

type Envelope<T = unknown> = { code: string; message: string; data: T };
type EndpointName = keyof typeof contentEndpoints;

const MESSAGES_PER_TEST_WINDOW = 4;

describe.each(TEST_DATABASES)("content API on $name", (database) => {
  let backend: Backend;
  let server: TestServer;
  let dataDir: string;
  let dispose: () => Promise<void>;
  let firstSeed: { inserted: number };

  beforeAll(async () => {
    if (!database.available) return;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "content-test-"));
    const { dispose: disposeDatabase, ...options } = await database.open();
    dispose = disposeDatabase;
    // The whole backend, as a start runs it: migrations, the catalogue seed, then the content seed.
    backend = await createBackend({ ...options, dataDir });
    firstSeed = await seedContent(backend.db);
    const router = express.Router();
    router.use(
      createContentRouter({
        db: backend.db,
        assetUrl: (assetPath) => assetPath,
        messageLimiter: new RateLimiter(new MemoryRateLimits(), {
          bucket: "messages",
          limit: MESSAGES_PER_TEST_WINDOW,
          windowMs: 60_000,
        }),
      }),
    );
    router.use(backend.router);
    router.use(apiErrorHandler);
    server = await serveRouter(router);
  });

  afterAll(async () => {
    if (!database.available) return;
    expect(server?.statuses.filter((status) => status >= 500)).toEqual([]);
    await server?.close();
    await backend?.close();
    await dispose?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  function url(name: EndpointName, query: Record<string, string | number> = {}): string {
    const target = new URL(contentEndpoints[name].path, server.origin);
    for (const [key, value] of Object.entries(query)) target.searchParams.append(key, String(value));
    return target.toString();
  }

  async function call<T = unknown>(
    name: EndpointName,
    query: Record<string, string | number> = {},
    init?: RequestInit,
  ) {
    const response = await fetch(url(name, query), init);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  }

  /** The data of a successful call, which must parse with the endpoint's schema and lose nothing. */
  async function ok<N extends EndpointName>(
    name: N,
    query: Record<string, string | number> = {},
  ): Promise<EndpointData<(typeof contentEndpoints)[N]>> {
    const { status, body } = await call<EndpointData<(typeof contentEndpoints)[N]>>(name, query);
    expect(status, `${name}: ${body.message}`).toBe(200);
    const schema = successEnvelopeSchema(contentEndpoints[name].data as ZodTypeAny);
    const parsed = schema.safeParse(body);
    expect(
      parsed.success,
      `${name}: ${parsed.error?.issues[0]?.path.join(".")} ${parsed.error?.issues[0]?.message}`,
    ).toBe(true);
    expect(parsed.data).toEqual(body);
    return body.data;
  }

  async function post<T = null>(body: unknown, headers: Record<string, string> = {}) {
    return call<T>(
      "saveMessage",
      {},
      {
        method: "POST",
        headers: { "Content-Type": "application/json", ...headers },
        body: JSON.stringify(body),
      },
    );
  }

  const skip = !database.available;

  it.skipIf(skip)("a start seeds every item once, and another seeding adds nothing", async () => {
    const expected =
      BAIKE_SEEDS.length + ALBUM_SEEDS.length + CASE_SEEDS.length + NEWS_SEEDS.length + VIDEO_SEEDS.length;
    expect(firstSeed.inserted).toBe(0);
    const db = contentDb(backend.db);
    const documents = await db
      .selectFrom("search_document")
      .select((eb) => eb.fn.countAll<number>().as("count"))
      .where("kind", "!=", "fonts")
      .executeTakeFirstOrThrow();
    expect(Number(documents.count)).toBe(expected);

    // Every font the content names is in the catalogue: none was left out while seeding.
    const rows = async (table: "album_font" | "font_case_font") =>
      Number(
        (
          await db
            .selectFrom(table)
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    expect(await rows("album_font")).toBe(ALBUM_SEEDS.flatMap((album) => album.fonts).length);
    expect(await rows("font_case_font")).toBe(CASE_SEEDS.flatMap((item) => item.usages).length);
    const listed = await Promise.all(
      (["baike_entry", "news_article", "video"] as const).map((table) =>
        db.selectFrom(table).select(["slug", "font_gnos"]).execute(),
      ),
    );
    const named = new Map(
      [...BAIKE_SEEDS, ...NEWS_SEEDS, ...VIDEO_SEEDS].map((item) => [item.slug, new Set(item.fonts ?? []).size]),
    );
    for (const row of listed.flat()) expect(row.font_gnos.length, row.slug).toBe(named.get(row.slug));
  });

  it.skipIf(skip)("answers every list and detail in the shapes of the contract, with all the content", async () => {
    const albums = await ok("getAlbumPage", { size: 100 });
    const baike = await ok("getBaikePage", { size: 100 });
    const cases = await ok("getCasePage", { size: 100 });
    const news = await ok("getNewsPage", { size: 100 });
    const videos = await ok("getVideoPage", { size: 100 });
    expect(albums.total).toBe(ALBUM_SEEDS.length);
    expect(albums.total).toBeGreaterThanOrEqual(8);
    expect(baike.total).toBeGreaterThanOrEqual(30);
    expect(cases.total).toBe(12);
    expect(news.total).toBe(12);
    expect(videos.total).toBe(6);

    for (const album of albums.records) {
      const detail = await ok("getAlbumDetail", { id: album.id });
      expect(detail.fonts.length).toBeGreaterThanOrEqual(3);
      expect(detail.fonts.map((font: { fontGNo: string }) => font.fontGNo)).toEqual(album.fontGNos);
    }
    for (const entry of baike.records) await ok("getBaikeDetail", { id: entry.id });
    for (const item of cases.records) {
      const detail = await ok("getCaseDetail", { id: item.id });
      expect(detail.example).toBe(true);
      expect(detail.fontUsages.length).toBeGreaterThanOrEqual(2);
      for (const usage of detail.fontUsages) expect(CASE_FONT_ROLES).toContain(usage.role);
    }
    for (const article of news.records) await ok("getNewsDetail", { id: article.id });
    for (const video of videos.records) {
      const detail = await ok("getVideoDetail", { id: video.id });
      expect(detail.streams.map((stream: { type: string }) => stream.type)).toEqual(["hls", "mp4"]);
      expect(detail.poster).toMatch(/^\/media\/videos\/.+\/poster\.jpg$/);
    }
    await ok("getAlbumTags");
    await ok("getCaseTags");
    await ok("getBaikeTitles");
    await ok("searchEverything", { keyword: "字体" });
    await ok("countSearchResults", { keyword: "字体" });
  });

  it.skipIf(skip)("names each content font as the catalogue does", async () => {
    const albums = await ok("getAlbumPage", { size: 1 });
    const album = await ok("getAlbumDetail", { id: albums.records[0].id });
    for (const font of album.fonts) {
      const response = await fetch(`${server.origin}/web/api/font/getFontDetail?fontGNo=${font.fontGNo}`);
      const body = (await response.json()) as Envelope<Font>;
      expect(body.code).toBe("200");
      expect(font).toMatchObject({
        fontGNo: body.data.fontGNo,
        familyId: body.data.familyId,
        familyName: body.data.familyName,
        fontName: body.data.fontName,
        webFontFamily: body.data.webFontFamily,
        woffPath: body.data.woffPath,
        ttfPath: body.data.ttfPath,
        commercialLabel: body.data.license.commercialLabel,
      });
    }
  });

  it.skipIf(skip)("pages through a list without repeating or losing items", async () => {
    const all = await ok("getBaikePage", { size: 100 });
    const seen: number[] = [];
    const size = 7;
    for (let current = 1; current <= Math.ceil(all.total / size); current++) {
      const page = await ok("getBaikePage", { current, size });
      expect(page).toMatchObject({ total: all.total, current, size, pages: Math.ceil(all.total / size) });
      seen.push(...page.records.map((entry: { id: number }) => entry.id));
    }
    expect(seen).toEqual(all.records.map((entry: { id: number }) => entry.id));
    const beyond = await ok("getBaikePage", { current: 99, size });
    expect(beyond.records).toEqual([]);
    expect(beyond.total).toBe(all.total);

    const newest = await ok("getNewsPage", { size: 100 });
    const dates = newest.records.map((article: { publishedAt: string }) => article.publishedAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it.skipIf(skip)("filters by tag, keyword and font", async () => {
    const groups = await ok("getBaikeTitles");
    expect(groups.map((group: { tagName: string }) => group.tagName)).toEqual(["书体", "书家", "技法", "术语"]);
    const masters = groups.find((group) => group.tagName === "书家")!;
    expect(masters.titles.map((title: { title: string }) => title.title)).toEqual(
      expect.arrayContaining(["王羲之", "颜真卿", "柳公权", "赵孟頫"]),
    );
    const mastersPage = await ok("getBaikePage", { tagId: masters.tagId, size: 100 });
    expect(mastersPage.total).toBe(masters.titles.length);
    expect(new Set(mastersPage.records.map((entry: { tag: { name: string } }) => entry.tag.name))).toEqual(
      new Set(["书家"]),
    );
    expect(await ok("getBaikeTitles", { tagId: masters.tagId })).toEqual([masters]);

    const albumTags = await ok("getAlbumTags");
    const guofeng = albumTags.find((tag) => tag.name === "国风")!;
    const tagged = await ok("getAlbumPage", { tagId: guofeng.id });
    expect(tagged.total).toBe(guofeng.count);
    expect(tagged.total).toBeGreaterThan(0);
    for (const album of tagged.records) expect(album.tags).toContainEqual({ id: guofeng.id, name: "国风" });

    const keyword = await ok("getNewsPage", { keyword: "OFL" });
    expect(keyword.total).toBeGreaterThan(0);
    expect(keyword.total).toBeLessThan(12);

    // Any weight of a family finds the cases using any other weight of it.
    const [albumFont] = (await ok("getAlbumDetail", { id: (await ok("getAlbumPage", { size: 100 })).records[0].id }))
      .fonts;
    const byFont = await ok("getCasePage", { fontGNo: albumFont.fontGNo, size: 100 });
    expect(byFont.total).toBeGreaterThan(0);
    for (const item of byFont.records) {
      const detail = await ok("getCaseDetail", { id: item.id });
      expect(
        detail.fontUsages.some((usage: { font: { familyId: number } }) => usage.font.familyId === albumFont.familyId),
      ).toBe(true);
    }
    const caseTags = await ok("getCaseTags");
    expect(caseTags.reduce((sum: number, tag: { count: number }) => sum + tag.count, 0)).toBeGreaterThanOrEqual(12);
  });

  it.skipIf(skip)("answers an unknown id with the 404 envelope and a malformed one with a 400", async () => {
    const details: Array<[EndpointName, string]> = [
      ["getAlbumDetail", "专辑不存在"],
      ["getBaikeDetail", "百科词条不存在"],
      ["getCaseDetail", "案例不存在"],
      ["getNewsDetail", "资讯不存在"],
      ["getVideoDetail", "视频不存在"],
    ];
    for (const [name, message] of details) {
      expect(await call(name, { id: 999999 })).toEqual({ status: 404, body: { code: "404", message, data: null } });
      expect(await call(name, { id: "abc" })).toEqual({
        status: 400,
        body: { code: "400", message: "参数 id 必须是正整数", data: null },
      });
      expect((await call(name)).body.message).toBe("参数 id 不能为空");
    }
    expect((await call("getCasePage", { fontGNo: "x1" })).body.message).toBe("参数 fontGNo 必须是数字编号");
    expect((await call("getAlbumPage", { size: 101 })).status).toBe(400);
  });

  it.skipIf(skip)("finds 楷书 in baike entries, news and cases, title matches first", async () => {
    const page = await ok("searchEverything", {
      keyword: "楷书",
      size: 100,
    });
    const kinds = new Set(page.records.map((result) => result.kind));
    expect(kinds).toContain("baike");
    expect(kinds).toContain("news");
    expect(kinds).toContain("cases");
    expect(page.records[0]).toMatchObject({ kind: "baike", title: "楷书" });

    const inTitle = page.records.map((result) => result.title.includes("楷书"));
    expect(inTitle.indexOf(false)).toBeGreaterThan(0);
    expect(inTitle.slice(inTitle.indexOf(false))).not.toContain(true);
    for (const result of page.records) {
      expect(result.path).toMatch(/^\/(font|album|baike|case|news|video)\/\d+$/);
    }
    // Body matches carry the words around the match.
    const bodyMatch = page.records.find((result) => !result.title.includes("楷书"))!;
    expect(bodyMatch.snippet).toContain("楷书");

    const counts = await ok("countSearchResults", { keyword: "楷书" });
    expect(counts.total).toBe(page.total);
    for (const kind of SEARCH_KINDS) {
      const ofKind = await ok("searchEverything", { keyword: "楷书", type: kind, size: 100 });
      expect(ofKind.total).toBe(counts.counts[kind]);
      for (const result of ofKind.records) expect(result.kind).toBe(kind);
    }
  });

  it.skipIf(skip)("searches Chinese by words, finds fonts, and answers nothing for words it has not seen", async () => {
    // 文楷 is part of the family name 霞鹜文楷: segmented into words, the part still matches.
    const fonts = await ok("searchEverything", { keyword: "文楷", type: "fonts" });
    expect(fonts.records.map((result) => result.title)).toContain("霞鹜文楷");
    expect(fonts.records[0]!.path).toMatch(/^\/font\/\d+$/);

    const masters = await ok("searchEverything", { keyword: "颜真卿 祭侄文稿" });
    expect(masters.records.map((result) => result.title)).toContain("颜真卿");

    const nothing = await ok("searchEverything", { keyword: "量子纠缠" });
    expect(nothing).toEqual({ records: [], total: 0, current: 1, size: 20, pages: 0 });
    const punctuation = await ok("countSearchResults", { keyword: "！？" });
    expect(punctuation.total).toBe(0);
    expect((await call("searchEverything", { keyword: " " })).body.message).toBe("参数 keyword 不能为空");
    expect((await call("searchEverything", { keyword: "楷书", type: "books" })).status).toBe(400);
  });

  it.skipIf(skip)("stores a message, refuses a bad phone, a missing contact and a filled honeypot", async () => {
    const db = contentDb(backend.db);
    const countMessages = async () =>
      Number(
        (
          await db
            .selectFrom("message_board")
            .select((eb) => eb.fn.countAll<number>().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );
    const before = await countMessages();

    expect(await post({ name: "小林", phone: "12345678901", content: "想要一款圆体" })).toEqual({
      status: 400,
      body: { code: "400", message: PHONE_MESSAGE, data: null },
    });
    expect((await post({ name: "小林", content: "想要一款圆体" })).body.message).toBe(MESSAGE_CONTACT_MESSAGE);
    expect((await post({ name: "  ", email: "a@b.com", content: "你好" })).body.message).toBe("请输入您的称呼");
    expect((await post({ name: "小林", email: "a@b.com", content: "字".repeat(501) })).body.message).toBe(
      "留言内容不能超过 500 个字",
    );
    expect(await post({ website: "http://spam.example", name: "小林", phone: "13800138000", content: "广告" })).toEqual(
      { status: 400, body: { code: "400", message: HONEYPOT_MESSAGE, data: null } },
    );
    expect((await call("saveMessage", {}, { method: "POST", body: "not json" })).status).toBe(400);
    expect(await countMessages()).toBe(before);

    const saved = await post<{ id: number }>(
      {
        name: " 小林 ",
        phone: "13800138000",
        email: "Designer@Example.com",
        content: "希望增加更多圆体字体。\n谢谢！",
      },
      { "User-Agent": "content-test" },
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toEqual({ code: "200", message: "success", data: { id: expect.any(Number) } });
    const row = await db
      .selectFrom("message_board")
      .selectAll()
      .where("id", "=", saved.body.data.id)
      .executeTakeFirstOrThrow();
    expect(row).toMatchObject({
      name: "小林",
      phone: "13800138000",
      email: "designer@example.com",
      content: "希望增加更多圆体字体。\n谢谢！",
      user_agent: "content-test",
    });
  });

  it.skipIf(skip)("refuses a client leaving messages faster than a person would", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < MESSAGES_PER_TEST_WINDOW + 1; i++) {
      statuses.push((await post({ name: "连发", email: "burst@example.com", content: `第 ${i + 1} 条` })).status);
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 200).length).toBeLessThanOrEqual(MESSAGES_PER_TEST_WINDOW);
  });

  it.skipIf(skip)("answers a method the path does not take with 405", async () => {
    const response = await fetch(url("saveMessage"));
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toContain("POST");
  });
});
