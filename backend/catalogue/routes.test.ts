import fs from "node:fs/promises";
import { request } from "node:http";
import { describe, expect, it, vi } from "vitest";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { useServedBackend } from "../testing/served-backend.js";
import { FontStorage } from "../storage/font-storage.js";
import { requiredCodepoints } from "./codepoints.js";
import { FAMILY_SEEDS } from "./families.js";
import { readFontFacts } from "./font-reader.js";
import { classifyLicense, KNOWN_LICENSES } from "./license.js";
import { STYLE_CODES, type Advert, type DownloadFiles, type Font, type HomeData } from "../../contract/catalogue.js";

type Envelope<T = unknown> = { code: string; message: string; data: T };

const FAMILY_COUNT = FAMILY_SEEDS.length;
const FONT_COUNT = FAMILY_SEEDS.reduce((sum, family) => sum + family.files.length, 0);
/** The Chinese names of the seeded families having a style, in any order. */
const familiesStyled = (style: string) =>
  FAMILY_SEEDS.filter((family) => family.styles.includes(style))
    .map((family) => family.nameZh)
    .sort();

const FONT_KEYS = [
  "fontGNo",
  "familyId",
  "familyName",
  "familyNameEn",
  "fontName",
  "styleName",
  "weight",
  "webFontFamily",
  "woffPath",
  "ttfPath",
  "isDefault",
  "description",
  "styles",
  "tags",
  "license",
  "designer",
  "foundry",
  "copyright",
  "version",
  "glyphCount",
  "charsets",
  "fileSize",
  "format",
  "videoUrl",
  "downloads",
  "views",
  "createdAt",
  "childFontResource",
].sort();

describe.each(TEST_DATABASES)("catalogue API on $name", (database) => {
  const served = useServedBackend(database, "catalogue-test-");

  async function call<T = unknown>(pathAndQuery: string, expectedStatus = 200): Promise<Envelope<T>> {
    const response = await fetch(served.server.origin + pathAndQuery);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const body = (await response.json()) as Envelope<T>;
    expect(response.status, `${pathAndQuery}: ${body.message}`).toBe(expectedStatus);
    return body;
  }

  const ok = async <T = unknown>(pathAndQuery: string): Promise<T> => {
    const body = await call<T>(pathAndQuery);
    expect(body).toMatchObject({ code: "200", message: "success" });
    return body.data;
  };

  async function rejects(pathAndQuery: string, status: 400 | 404, message?: RegExp): Promise<string> {
    const body = await call(pathAndQuery, status);
    expect(body).toEqual({ code: String(status), message: expect.any(String), data: null });
    expect(body.message).toMatch(/[\u4e00-\u9fff]/);
    if (message) expect(body.message).toMatch(message);
    return body.message;
  }

  const list = (query = "") =>
    ok<{ records: Font[]; total: number; current: number; size: number; pages: number }>(
      `/web/api/font/getFontList${query}`,
    );
  const names = (fonts: Font[]) => fonts.map((font) => font.familyName);

  describe.skipIf(!database.available)("with a seeded catalogue", () => {
    it("marks public reads cacheable by anyone for half a minute, and never a call that counts a view", async () => {
      const cacheControl = async (pathAndQuery: string) =>
        (await fetch(served.server.origin + pathAndQuery)).headers.get("cache-control");
      expect(await cacheControl("/web/api/font/getFontList")).toBe("public, max-age=30, stale-while-revalidate=300");
      expect(await cacheControl("/web/api/showData/getData")).toBe("public, max-age=30, stale-while-revalidate=300");
      const { records } = await list("?size=1");
      expect((await cacheControl(`/web/api/font/getFontDetail?fontGNo=${records[0]!.fontGNo}`)) ?? "").not.toMatch(
        /public/,
      );
      expect((await cacheControl("/web/api/font/getFontList?size=oops")) ?? "").not.toMatch(/public/);
    });

    describe("GET /web/api/font/getFontList", () => {
      it("lists each family once, as its default weight with every weight as children", async () => {
        const page = await list("?size=100");
        expect(page).toMatchObject({ total: FAMILY_COUNT, current: 1, size: 100, pages: 1 });
        expect(new Set(page.records.map((font) => font.familyId)).size).toBe(FAMILY_COUNT);
        for (const font of page.records) {
          expect(Object.keys(font).sort()).toEqual(FONT_KEYS);
          expect(font.isDefault).toBe(true);
          expect(font.childFontResource.map((child) => child.fontGNo)).toContain(font.fontGNo);
          for (const child of font.childFontResource) expect(child.childFontResource).toEqual([]);
          expect(font.ttfPath).toBe(`/api/v1/web/${font.fontGNo}/download`);
          expect(font.webFontFamily).toBe(`A${font.fontGNo}`);
        }
        const childCounts = Object.fromEntries(
          page.records.map((font) => [font.familyNameEn, font.childFontResource.length]),
        );
        expect(childCounts).toMatchObject({
          "Noto Sans SC": 9,
          "Noto Serif SC": 8,
          "Noto Sans TC": 9,
          "LXGW WenKai": 3,
          "Noto Serif TC": 2,
          "Klee One": 2,
          "Dela Gothic One": 1,
        });
        expect(page.records.reduce((sum, font) => sum + font.childFontResource.length, 0)).toBe(FONT_COUNT);
      });

      it("offers at least 30 families, each under an open license read from its own files, and fonts in every style", async () => {
        const page = await list("?size=100");
        expect(page.total).toBeGreaterThanOrEqual(30);
        const openLicenses = KNOWN_LICENSES.map((license) => license.code);
        for (const family of page.records) {
          for (const child of family.childFontResource) {
            const font = await ok<Font>(`/api/v1/web/search/fontInformation/${child.fontGNo}`);
            expect(openLicenses, child.fontGNo).toContain(font.license.code);
            expect(font.license.commercialSource).toMatch(/^字体名称表 nameID 13 声明采用/);
            const file = (await served.backend.fontSource(child.fontGNo))!;
            const facts = readFontFacts(await fs.readFile(file.filePath));
            expect(classifyLicense(facts.licenseDescription, facts.licenseUrl)?.code, child.fontGNo).toBe(
              font.license.code,
            );
          }
        }
        for (const style of STYLE_CODES) {
          expect((await list(`?style=${style}`)).total, style).toBeGreaterThan(0);
        }
      });

      it("defaults to 20 per page, hottest first", async () => {
        const page = await list();
        expect(page).toMatchObject({ current: 1, size: 20, total: FAMILY_COUNT, pages: Math.ceil(FAMILY_COUNT / 20) });
        expect(page.records).toHaveLength(Math.min(20, FAMILY_COUNT));
        expect(page.records[0]!.familyName).toBe("思源黑体");
      });

      it("pages through the families without overlap", async () => {
        const pageCount = Math.ceil(FAMILY_COUNT / 10);
        const pages = await Promise.all(
          Array.from({ length: pageCount }, (_, index) => list(`?size=10&current=${index + 1}`)),
        );
        expect(pages.map((page) => page.records.length)).toEqual(
          Array.from({ length: pageCount }, (_, index) => Math.min(10, FAMILY_COUNT - index * 10)),
        );
        for (const page of pages) expect(page).toMatchObject({ total: FAMILY_COUNT, pages: pageCount, size: 10 });
        expect(new Set(pages.flatMap((page) => page.records.map((font) => font.fontGNo))).size).toBe(FAMILY_COUNT);
        expect((await list(`?size=10&current=${pageCount + 1}`)).records).toEqual([]);
      });

      it("filters by style category; all and empty mean every family", async () => {
        expect(names((await list("?style=cute")).records).sort()).toEqual(familiesStyled("cute"));
        expect(familiesStyled("cute")).toContain("站酷快乐体");
        const brush = names((await list("?style=brush")).records);
        expect(brush.sort()).toEqual(familiesStyled("brush"));
        expect(brush).toEqual(expect.arrayContaining(["刘建毛草", "志莽行书", "马善政毛笔楷书"]));
        for (const style of ["acid", "live", "music", "hand-drawn"]) {
          expect(names((await list(`?style=${style}&size=100`)).records).sort(), style).toEqual(familiesStyled(style));
        }
        expect((await list("?style=free")).total).toBe(FAMILY_COUNT);
        expect((await list("?style=all")).total).toBe(FAMILY_COUNT);
        expect((await list("?style=")).total).toBe(FAMILY_COUNT);
        for (const font of (await list("?style=game")).records) {
          expect(font.styles.map((style) => style.code)).toContain("game");
        }
      });

      it("filters by tag", async () => {
        const kuaile = (await list("?keyword=快乐")).records[0]!;
        const cartoon = kuaile.tags.find((tag) => tag.name === "卡通")!;
        expect(names((await list(`?tagId=${cartoon.id}`)).records)).toEqual(["站酷快乐体"]);
        const pixel = (await list("?keyword=Unifont")).records[0]!.tags.find((tag) => tag.name === "像素")!;
        expect(names((await list(`?tagId=${pixel.id}`)).records).sort()).toEqual(
          ["Unifont EX 点阵体", "DotGothic16 像素黑体"].sort(),
        );
        expect((await list("?tagId=999999")).total).toBe(0);
      });

      it("searches family and font names, English names, tags and designers", async () => {
        expect(names((await list("?keyword=站酷")).records).sort()).toEqual(
          ["站酷小薇体", "站酷庆科黄油体", "站酷快乐体"].sort(),
        );
        expect((await list("?keyword=noto")).total).toBe(4);
        expect(names((await list("?keyword=思源黑体 粗体")).records)).toEqual(["思源黑体"]);
        expect(names((await list("?keyword=楷书")).records)).toEqual(["马善政毛笔楷书"]);
        expect(names((await list("?keyword=像素")).records).sort()).toEqual(
          ["Unifont EX 点阵体", "DotGothic16 像素黑体"].sort(),
        );
        // Fontworks names itself in its seven fonts, and LXGW WenKai credits it for Klee One.
        expect(names((await list("?keyword=fontworks&size=100")).records).sort()).toEqual(
          [
            "Klee One 硬笔楷体",
            "Rampart 立体字",
            "Train One 双线体",
            "Reggae 雷鬼体",
            "RocknRoll 摇滚体",
            "DotGothic16 像素黑体",
            "Stick 火柴棍体",
            "霞鹜文楷",
          ].sort(),
        );
        expect(names((await list("?keyword=Lui Bingke")).records)).toEqual(["站酷快乐体"]);
        expect((await list("?keyword=zhongqi")).total).toBe(3);
      });

      it("treats LIKE wildcards and quotes in keywords as text", async () => {
        expect((await list("?keyword=%25")).total).toBe(0);
        expect((await list("?keyword=_")).total).toBe(0);
        expect((await list(`?keyword=${encodeURIComponent("'; drop table font; --")}`)).total).toBe(0);
        expect((await list("?size=100")).total).toBe(FAMILY_COUNT);
      });

      it("sorts by newest and by name (pinyin)", async () => {
        const newest = (await list("?sort=new")).records;
        const created = newest.map((font) => Date.parse(font.createdAt));
        expect(created).toEqual([...created].sort((a, b) => b - a));
        const latest = FAMILY_SEEDS.reduce((a, b) => (Date.parse(b.createdAt) > Date.parse(a.createdAt) ? b : a));
        expect(newest[0]!.familyName).toBe(latest.nameZh);
        const byName = names((await list("?sort=name&size=100")).records);
        expect(byName.slice(0, 3)).toEqual(["Dela 特粗黑体", "DotGothic16 像素黑体", "Hachi Maru Pop 丸文字"]);
        expect(byName.filter((name) => /[\u4e00-\u9fff]/.test(name[0]!))).toEqual([
          "刘建毛草",
          "马善政毛笔楷书",
          "思源黑体",
          "思源黑体 繁体",
          "思源宋体",
          "思源宋体 繁体",
          "仙人掌明体",
          "霞鹜文楷",
          "站酷快乐体",
          "站酷庆科黄油体",
          "站酷小薇体",
          "志莽行书",
        ]);
        expect(byName).toHaveLength(FAMILY_COUNT);
        const hot = (await list("?sort=hot")).records;
        const hotness = hot.map((font) => font.childFontResource.reduce((sum, child) => sum + child.downloads, 0));
        expect(hotness).toEqual([...hotness].sort((a, b) => b - a));
      });

      it("keeps only families whose default font covers every non-space character of text", async () => {
        const all = (await list("?size=100")).records;
        for (const text of ["體𠮷", "你好 世界", "鬱龘", "ABC"]) {
          const required = requiredCodepoints(text);
          const expected: string[] = [];
          for (const font of all) {
            const file = (await served.backend.fontSource(font.fontGNo))!;
            const cmap = new Set(readFontFacts(await fs.readFile(file.filePath)).codepoints);
            if (required.every((codepoint) => cmap.has(codepoint))) expected.push(font.familyName);
          }
          const found = names((await list(`?size=100&text=${encodeURIComponent(text)}`)).records);
          expect(found.sort(), text).toEqual(expected.sort());
        }
        const rare = (await list(`?size=100&text=${encodeURIComponent("𠮷")}`)).total;
        expect(rare).toBeGreaterThan(0);
        expect(rare).toBeLessThan(FAMILY_COUNT);
      });

      it("lists only the families of the fonts named in gnos, in the list's order", async () => {
        const all = (await list("?size=3")).records;
        const named = all.map((font) => font.fontGNo).reverse();
        const page = await list(`?gnos=${named.join(".")}`);
        expect(page.records.map((font) => font.fontGNo)).toEqual(all.map((font) => font.fontGNo));
        expect((await list("?gnos=99999999")).total).toBe(0);
        await rejects("/web/api/font/getFontList?gnos=1,2", 400, /gnos/);
      });

      it("combines filters", async () => {
        const page = await list(`?style=handwriting&keyword=${encodeURIComponent("毛")}&sort=name`);
        expect(names(page.records)).toEqual(["刘建毛草", "马善政毛笔楷书", "志莽行书"]);
      });

      it("rejects malformed parameters with a 400 naming the field", async () => {
        expect(await rejects("/web/api/font/getFontList?current=abc", 400)).toBe("参数 current 必须是正整数");
        await rejects("/web/api/font/getFontList?current=0", 400, /current/);
        await rejects("/web/api/font/getFontList?current=-1", 400, /current/);
        await rejects("/web/api/font/getFontList?size=1000", 400, /size/);
        await rejects("/web/api/font/getFontList?size=0", 400, /size/);
        await rejects("/web/api/font/getFontList?size=1.5", 400, /size/);
        await rejects("/web/api/font/getFontList?current=1&current=2", 400, /current/);
        await rejects("/web/api/font/getFontList?style=nope", 400, /style/);
        await rejects("/web/api/font/getFontList?sort=random", 400, /sort/);
        await rejects("/web/api/font/getFontList?tagId=abc", 400, /tagId/);
        await rejects(`/web/api/font/getFontList?keyword=${"字".repeat(51)}`, 400, /keyword/);
        await rejects(`/web/api/font/getFontList?keyword=${"x".repeat(2000)}`, 400, /keyword/);
        await rejects(`/web/api/font/getFontList?text=${"字".repeat(201)}`, 400, /text/);
        // The limit counts characters, not UTF-16 units: 200 astral characters are allowed.
        expect((await list(`?text=${encodeURIComponent("𠮷".repeat(200))}`)).total).toBeGreaterThan(0);
      });
    });

    describe("GET /web/api/font/getFontDetail", () => {
      it("returns the font with its family and counts a view", async () => {
        const first = await ok<Font>("/web/api/font/getFontDetail?fontGNo=10027");
        const second = await ok<Font>("/web/api/font/getFontDetail?fontGNo=10027");
        expect(second.views).toBe(first.views + 1);
        expect(second).toMatchObject({
          fontGNo: "10027",
          familyName: "站酷快乐体",
          familyNameEn: "ZCOOL KuaiLe",
          fontName: "站酷快乐体",
          styleName: "Regular",
          weight: 400,
          format: "ttf",
          woffPath: null,
          designer: "Lui Bingke",
          foundry: "ZCOOL",
          version: "Version 2.001",
          license: {
            code: "OFL-1.1",
            name: "SIL Open Font License 1.1",
            url: "https://openfontlicense.org",
            commercialUse: true,
            commercialLabel: "免费商用",
          },
        });
        expect(second.license.commercialSource).toMatch(/nameID 13.*SIL Open Font License 1\.1.*允许免费商用/);
        expect(second.childFontResource.map((font) => font.fontGNo)).toEqual(["10027"]);
        expect(second.glyphCount).toBeGreaterThan(7000);
        const gb2312 = second.charsets.find((charset) => charset.code === "GB2312")!;
        expect(gb2312).toMatchObject({ name: expect.any(String), total: 6763 });
        expect(second.styles.map((style) => style.code)).toEqual(expect.arrayContaining(["cute", "free"]));
        expect(second.description.length).toBeGreaterThan(30);
      });

      it("gives a weight of a family its own names and every sibling", async () => {
        const bold = await ok<Font>("/web/api/font/getFontDetail?fontGNo=10007");
        expect(bold).toMatchObject({ fontName: "思源黑体 粗体", styleName: "Bold", weight: 700, isDefault: false });
        expect(bold.childFontResource.map((font) => font.weight)).toEqual([
          100, 200, 300, 400, 500, 600, 700, 800, 900,
        ]);
        const full = bold.charsets.find((charset) => charset.code === "GB2312")!;
        expect(full.covered).toBe(full.total);
      });

      it("answers 400 for a missing or malformed number and 404 for an unknown one", async () => {
        await rejects("/web/api/font/getFontDetail", 400, /fontGNo/);
        await rejects(
          `/web/api/font/getFontDetail?fontGNo=${encodeURIComponent("'; drop table font; --")}`,
          400,
          /fontGNo/,
        );
        expect(await rejects("/web/api/font/getFontDetail?fontGNo=99999", 404)).toBe("字体不存在");
        expect((await list()).total).toBe(FAMILY_COUNT);
      });
    });

    describe("POST /web/api/font/add-visits", () => {
      const post = (body: unknown) =>
        fetch(`${served.server.origin}/web/api/font/add-visits`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify(body),
        });

      it("adds the visits a page cache answered to the font's views; an unknown font is a 404", async () => {
        const before = await ok<Font>("/web/api/font/getFontDetail?fontGNo=10028");
        const added = await post({ fontGNo: "10028", visits: 7 });
        expect(await added.json()).toEqual({ code: "200", message: "success", data: null });
        const after = await ok<Font>("/web/api/font/getFontDetail?fontGNo=10028");
        // 7 visits, and one more for reading the detail.
        expect(after.views).toBe(before.views + 8);

        const gnos = await served.backend.fontGnos(); // what the subset service prepares first after start
        expect(gnos).toHaveLength(FONT_COUNT);
        expect(new Set(gnos).size).toBe(FONT_COUNT);
        const views = await Promise.all(
          gnos.map(async (gno) => (await ok<Font>(`/web/api/font/getFontDetail?fontGNo=${gno}`)).views),
        );
        expect(views).toEqual([...views].sort((a, b) => b - a));

        const unknown = await post({ fontGNo: "99999", visits: 1 });
        expect(unknown.status).toBe(404);
        expect(await unknown.json()).toMatchObject({ code: "404", message: "字体不存在" });
        for (const body of [{ fontGNo: "10028", visits: 1001 }, { fontGNo: "10028" }, { visits: 1 }, "x"]) {
          const refused = await post(body);
          expect(refused.status, JSON.stringify(body)).toBe(400);
          expect(((await refused.json()) as { message: string }).message).toMatch(/[\u4e00-\u9fff]/);
        }
      });
    });

    describe("GET /web/api/font/get-download-url", () => {
      it("lists a file per weight of the family", async () => {
        const data = await ok<DownloadFiles>("/web/api/font/get-download-url?fontGNo=10005");
        expect(data.fontGNo).toBe("10005");
        expect(data.files).toHaveLength(9);
        expect(data.files[4]).toEqual({
          fontGNo: "10005",
          fileName: "思源黑体-中等.ttf",
          format: "ttf",
          size: expect.any(Number),
          url: "/api/v1/web/10005/download",
          woff2Size: null,
        });
        await rejects("/web/api/font/get-download-url?fontGNo=99999", 404);
        await rejects("/web/api/font/get-download-url?fontGNo=abc", 400, /fontGNo/);
      });
    });

    describe("GET /web/api/dict/font-default", () => {
      it("returns the dictionaries of every category", async () => {
        const dicts =
          await ok<Array<{ category: string; dictNumber: string; dictName: string; sort: number }>>(
            "/web/api/dict/font-default",
          );
        const count = (category: string) => dicts.filter((dict) => dict.category === category).length;
        expect(count("style")).toBe(38);
        expect(count("sort")).toBe(3);
        expect(count("weight")).toBe(9);
        expect(count("license")).toBeGreaterThan(0);
        expect(count("charset")).toBeGreaterThan(0);
        expect(dicts).toContainEqual({ category: "style", dictNumber: "cute", dictName: "可爱", sort: 23 });
        expect(dicts).toContainEqual({
          category: "license",
          dictNumber: "OFL-1.1",
          dictName: "SIL Open Font License 1.1",
          sort: 1,
        });
      });
    });

    describe("GET /api/v1/web/search/{id}/childs", () => {
      it("returns every weight of the family", async () => {
        const fonts = await ok<Font[]>("/api/v1/web/search/10012/childs");
        expect(fonts.map((font) => font.fontGNo)).toEqual([
          "10010",
          "10011",
          "10012",
          "10013",
          "10014",
          "10015",
          "10016",
          "10017",
        ]);
        expect(
          fonts.every((font) => font.familyNameEn === "Noto Serif SC" && font.childFontResource.length === 0),
        ).toBe(true);
        await rejects("/api/v1/web/search/99999/childs", 404);
        await rejects("/api/v1/web/search/abc/childs", 400);
      });
    });

    describe("GET /api/v1/web/search/fontInformation/{id}", () => {
      it("returns the font without counting a view, with a WOFF2 for families published as one", async () => {
        const first = await ok<Font>("/api/v1/web/search/fontInformation/10035");
        const second = await ok<Font>("/api/v1/web/search/fontInformation/10035");
        expect(second.views).toBe(first.views);
        expect(second).toMatchObject({
          familyName: "霞鹜文楷",
          familyNameEn: "LXGW WenKai",
          weight: 400,
          woffPath: "/api/v1/web/10035/download?format=woff2",
        });
        expect(second.childFontResource.map((font) => [font.weight, font.styleName])).toEqual([
          [300, "Light"],
          [400, "Regular"],
          [700, "Bold"],
        ]);
        await rejects("/api/v1/web/search/fontInformation/99999", 404);
        await rejects("/api/v1/web/search/fontInformation/x1", 400);
      });

      it("returns the family behind /pid", async () => {
        expect(await ok("/api/v1/web/search/fontInformation/10034/pid")).toEqual({
          familyId: expect.any(Number),
          familyName: "霞鹜文楷",
          familyNameEn: "LXGW WenKai",
          defaultFontGNo: "10035",
          fontCount: 3,
        });
        await rejects("/api/v1/web/search/fontInformation/99999/pid", 404);
      });
    });

    describe("GET /api/v1/web/{id}/download", () => {
      it("streams the TTF with its headers and counts the download", async () => {
        const before = await ok<Font>("/api/v1/web/search/fontInformation/10027");
        const response = await fetch(`${served.server.origin}/api/v1/web/10027/download`);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("font/ttf");
        const file = (await served.backend.fontSource("10027"))!;
        const expected = await fs.readFile(file.filePath);
        expect(Number(response.headers.get("content-length"))).toBe(expected.byteLength);
        expect(response.headers.get("content-disposition")).toBe(
          `attachment; filename="10027.ttf"; filename*=UTF-8''${encodeURIComponent("站酷快乐体-常规.ttf")}`,
        );
        expect(Buffer.from(await response.arrayBuffer()).equals(expected)).toBe(true);
        const after = await ok<Font>("/api/v1/web/search/fontInformation/10027");
        expect(after.downloads).toBe(before.downloads + 1);
      });

      it("answers HEAD with the headers only and without counting", async () => {
        const before = await ok<Font>("/api/v1/web/search/fontInformation/10001");
        const response = await fetch(`${served.server.origin}/api/v1/web/10001/download`, { method: "HEAD" });
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("font/ttf");
        expect(Number(response.headers.get("content-length"))).toBe(before.fileSize);
        expect((await response.arrayBuffer()).byteLength).toBe(0);
        expect((await ok<Font>("/api/v1/web/search/fontInformation/10001")).downloads).toBe(before.downloads);
      });

      it("serves the original WOFF2 where there is one", async () => {
        const response = await fetch(`${served.server.origin}/api/v1/web/10037/download?format=woff2`);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("font/woff2");
        const original = await fs.readFile(
          new FontStorage(served.dataDir).resolve("npm:@fontsource/unifontex/files/unifontex-latin-400-normal.woff2"),
        );
        expect(Buffer.from(await response.arrayBuffer()).equals(original)).toBe(true);
        // A font shipped as TTF gets its WOFF2 made on the first request: until then 503 with Retry-After.
        const making = await fetch(`${served.server.origin}/api/v1/web/10027/download?format=woff2`);
        expect(making.status).toBe(503);
        expect(making.headers.get("retry-after")).toBe("60");
        expect(((await making.json()) as { message: string }).message).toMatch(/WOFF2 文件正在生成|正在为其他字体生成/);
        await rejects("/api/v1/web/10027/download?format=otf", 400, /format/);
      });

      it("answers a catalogued font whose file has gone with a JSON 404, and logs it", async () => {
        const file = (await served.backend.fontSource("10037"))!;
        const before = await ok<Font>("/api/v1/web/search/fontInformation/10037");
        const kept = `${file.filePath}.kept`;
        await fs.rename(file.filePath, kept);
        const log = vi.spyOn(console, "error").mockImplementation(() => {});
        try {
          expect(await rejects("/api/v1/web/10037/download", 404)).toBe("字体文件缺失，暂时无法下载，请联系管理员");
          expect(log).toHaveBeenCalledOnce();
          expect(String(log.mock.calls[0]![0])).toMatch(/10037.*缺失/);
          const head = await fetch(`${served.server.origin}/api/v1/web/10037/download`, { method: "HEAD" });
          expect(head.status).toBe(404);
        } finally {
          log.mockRestore();
          await fs.rename(kept, file.filePath);
        }
        expect((await ok<Font>("/api/v1/web/search/fontInformation/10037")).downloads).toBe(before.downloads);
        expect((await fetch(`${served.server.origin}/api/v1/web/10037/download`)).status).toBe(200);
      });

      it("answers an unknown font with the JSON 404", async () => {
        expect(await rejects("/api/v1/web/99999/download", 404)).toBe("字体不存在");
        await rejects(`/api/v1/web/${encodeURIComponent("../../etc/passwd")}/download`, 400);
      });
    });

    describe("GET /web/api/keyword/getKeyword", () => {
      it("returns the hot keywords without a keyword", async () => {
        const keywords = await ok<Array<{ keyword: string; type: string }>>("/web/api/keyword/getKeyword");
        expect(keywords).toHaveLength(10);
        expect(keywords.every((entry) => entry.type === "keyword")).toBe(true);
        expect(await ok("/web/api/keyword/getKeyword?limit=3")).toHaveLength(3);
      });

      it("suggests keywords and fonts containing the keyword", async () => {
        const suggestions = await ok<Array<{ keyword: string; type: string; fontGNo?: string }>>(
          "/web/api/keyword/getKeyword?keyword=快乐",
        );
        expect(suggestions).toContainEqual({ keyword: "站酷快乐体", type: "font", fontGNo: "10027" });
        const kai = await ok<Array<{ keyword: string; type: string }>>(
          `/web/api/keyword/getKeyword?keyword=${encodeURIComponent("楷")}`,
        );
        expect(kai[0]).toEqual({ keyword: "楷体", type: "keyword" });
        expect(kai.map((entry) => entry.keyword)).toEqual(expect.arrayContaining(["霞鹜文楷", "马善政毛笔楷书"]));
        expect(await ok("/web/api/keyword/getKeyword?keyword=%25")).toEqual([]);
        expect(await ok("/web/api/keyword/getKeyword?keyword=noto&limit=2")).toHaveLength(2);
      });

      it("rejects a long keyword and an out-of-range limit", async () => {
        await rejects(`/web/api/keyword/getKeyword?keyword=${"a".repeat(51)}`, 400, /keyword/);
        await rejects("/web/api/keyword/getKeyword?limit=0", 400, /limit/);
        await rejects("/web/api/keyword/getKeyword?limit=21", 400, /limit/);
      });
    });

    describe("GET /web/api/showData/getData", () => {
      it("returns the home page data", async () => {
        const data = await ok<HomeData>("/web/api/showData/getData");
        expect(data.categories).toHaveLength(38);
        expect(data.categories[0]).toEqual({
          code: "all",
          name: "全部字体",
          url: "/font?style=all",
          imageDark: "/images/category/all-dark.svg",
          imageLight: "/images/category/all-light.svg",
          sort: 1,
        });
        expect(data.categories.map((category: { code: string }) => category.code)).toEqual(
          expect.arrayContaining(["2d", "hand-drawn", "humour", "travel", "game"]),
        );
        expect(names(data.recommend).slice(0, 2)).toEqual(["站酷快乐体", "霞鹜文楷"]);
        expect(data.newest[0].familyName).toBe("思源宋体 繁体");
        expect(data.hot[0].familyName).toBe("思源黑体");
        for (const font of [...data.recommend, ...data.newest, ...data.hot])
          expect(Object.keys(font).sort()).toEqual(FONT_KEYS);
        expect(data.stats).toEqual({
          fontCount: FONT_COUNT,
          familyCount: FAMILY_COUNT,
          freeCommercialCount: FONT_COUNT,
        });
        expect(data.banners.length).toBeGreaterThan(0);
        expect(data.banners.every((banner: { position: string }) => banner.position === "home-banner")).toBe(true);
      });
    });

    describe("GET /web/api/friendshipLinks/getFriendshipLinks", () => {
      it("returns links, some without a scheme, with link type 1 or 2", async () => {
        const links = await ok<Array<{ id: number; name: string; link: string; linkType: number; sort: number }>>(
          "/web/api/friendshipLinks/getFriendshipLinks",
        );
        expect(links.length).toBeGreaterThan(2);
        for (const link of links) {
          expect(Object.keys(link).sort()).toEqual(["id", "link", "linkType", "name", "sort"]);
          expect([1, 2]).toContain(link.linkType);
        }
        expect(links.some((link) => !/^https?:\/\//.test(link.link))).toBe(true);
        expect(links.some((link) => link.linkType === 1) && links.some((link) => link.linkType === 2)).toBe(true);
      });
    });

    describe("GET /web/api/web-column/getColumnByType", () => {
      it("returns header and footer columns", async () => {
        const header = await ok<Array<{ name: string; url: string; type: string }>>(
          "/web/api/web-column/getColumnByType?type=header",
        );
        expect(header.map((column) => column.url)).toEqual([
          "/font",
          "/variable",
          "/album",
          "/baike",
          "/case",
          "/video",
          "/news",
        ]);
        const footer = await ok<Array<{ id: number; name: string; url: string; type: string; sort: number }>>(
          "/web/api/web-column/getColumnByType?type=footer",
        );
        expect(footer[0]).toEqual({
          id: expect.any(Number),
          name: "联系我们",
          url: "/contact",
          type: "footer",
          sort: expect.any(Number),
        });
        await rejects("/web/api/web-column/getColumnByType", 400, /type/);
        await rejects("/web/api/web-column/getColumnByType?type=sidebar", 400, /type/);
      });
    });

    describe("GET /web/api/adv/getData", () => {
      it("returns the adverts of a position", async () => {
        const qr = await ok<Array<{ title: string; image: string; position: string }>>(
          "/web/api/adv/getData?position=footer-qr",
        );
        expect(qr.map((advert) => advert.image)).toEqual([
          "/images/social/wechat.svg",
          "/images/social/video.svg",
          "/images/social/weibo.svg",
          "/images/social/douyin.svg",
          "/images/social/kuaishou.svg",
          "/images/social/bilibili.svg",
          "/images/qr-service.svg",
        ]);
        expect(Object.keys((await ok<Advert[]>("/web/api/adv/getData?position=home-banner"))[0]!).sort()).toEqual([
          "id",
          "image",
          "link",
          "position",
          "sort",
          "title",
        ]);
        expect(await ok("/web/api/adv/getData?position=font-list")).toHaveLength(1);
        await rejects("/web/api/adv/getData", 400, /position/);
        await rejects("/web/api/adv/getData?position=popup", 400, /position/);
      });
    });

    describe("hostile query values", () => {
      const parameters: Array<[path: string, names: string[]]> = [
        ["/web/api/font/getFontList", ["keyword", "text", "style", "tagId", "sort", "current", "size"]],
        ["/web/api/keyword/getKeyword", ["keyword", "limit"]],
        ["/web/api/font/getFontDetail", ["fontGNo"]],
        ["/web/api/font/get-download-url", ["fontGNo"]],
        ["/api/v1/web/10027/download", ["format"]],
        ["/web/api/web-column/getColumnByType", ["type"]],
        ["/web/api/adv/getData", ["position"]],
        // These read no parameter, but a malformed one is still a malformed request.
        ["/web/api/showData/getData", ["x"]],
        ["/web/api/friendshipLinks/getFriendshipLinks", ["x"]],
        ["/web/api/dict/font-default", ["x"]],
        ["/api/v1/web/search/10027/childs", ["x"]],
        ["/api/v1/web/search/fontInformation/10027", ["x"]],
        ["/api/v1/web/search/fontInformation/10027/pid", ["x"]],
      ];
      const values: Array<[kind: string, query: (name: string) => string, message: (name: string) => RegExp]> = [
        ["a NUL byte", (name) => `${name}=%00`, (name) => new RegExp(`^参数 ${name} 不能包含空字符$`)],
        ["a NUL byte inside text", (name) => `${name}=a%00b`, (name) => new RegExp(`^参数 ${name} 不能包含空字符$`)],
        ["a truncated UTF-8 sequence", (name) => `${name}=%E0`, (name) => new RegExp(`^参数 ${name} 的编码不正确`)],
        [
          "an encoded lone surrogate",
          (name) => `${name}=%ED%A0%80`,
          (name) => new RegExp(`^参数 ${name} 的编码不正确`),
        ],
        ["a bare percent sign", (name) => `${name}=50%`, (name) => new RegExp(`^参数 ${name} 的编码不正确`)],
      ];

      it.each(values)("refuses %s in every parameter with a 400 naming it", async (_kind, query, message) => {
        for (const [path, names] of parameters) {
          for (const name of names) await rejects(`${path}?${query(name)}`, 400, message(name));
        }
      });

      it("refuses a malformed parameter name", async () => {
        expect(await rejects("/web/api/font/getFontList?%E0=1", 400)).toBe("查询参数的编码不正确");
      });

      it("refuses repeated, nested and 10 000-character values of the parameters it reads", async () => {
        for (const [path, names] of parameters.filter(([, names]) => names[0] !== "x")) {
          for (const name of names) {
            await rejects(`${path}?${name}=1&${name}=2`, 400, new RegExp(`^参数 ${name}`));
            await rejects(`${path}?${name}[a]=1`, 400, new RegExp(`^参数 ${name}`));
            await rejects(`${path}?${name}=${"9".repeat(10_000)}`, 400, new RegExp(`^参数 ${name}`));
          }
        }
      });

      it("refuses NUL bytes, malformed escapes and 10 000 characters in path ids", async () => {
        for (const id of ["%00", "10027%00", `${"1".repeat(10_000)}`, "%E0"]) {
          await rejects(`/api/v1/web/search/fontInformation/${id}`, 400);
          await rejects(`/api/v1/web/search/${id}/childs`, 400);
          await rejects(`/api/v1/web/${id}/download`, 400);
        }
      });
    });

    describe("methods an endpoint does not take", () => {
      const endpoints = [
        "/web/api/font/getFontList",
        "/web/api/font/getFontDetail?fontGNo=10027",
        "/web/api/font/get-download-url?fontGNo=10027",
        "/web/api/dict/font-default",
        "/api/v1/web/search/10027/childs",
        "/api/v1/web/search/fontInformation/10027",
        "/api/v1/web/search/fontInformation/10027/pid",
        "/api/v1/web/10027/download",
        "/web/api/keyword/getKeyword",
        "/web/api/showData/getData",
        "/web/api/friendshipLinks/getFriendshipLinks",
        "/web/api/web-column/getColumnByType?type=header",
        "/web/api/adv/getData?position=footer-qr",
      ];

      it("answer 405 with Allow and the envelope", async () => {
        for (const endpoint of endpoints) {
          for (const method of ["POST", "PUT", "DELETE", "PATCH", "TRACE"]) {
            const { status, headers, body } = await send(method, endpoint);
            expect(status, `${method} ${endpoint}`).toBe(405);
            expect(headers.allow).toBe("GET, HEAD, OPTIONS");
            expect(JSON.parse(body)).toEqual({
              code: "405",
              message: `该接口不支持 ${method} 请求（可用：GET、HEAD、OPTIONS）`,
              data: null,
            });
          }
        }
      });

      it("answer OPTIONS with the allowed methods", async () => {
        const { status, headers } = await send("OPTIONS", "/web/api/font/getFontList");
        expect(status).toBe(204);
        expect(headers.allow).toBe("GET, HEAD, OPTIONS");
      });

      it("leave unknown paths a 404", async () => {
        expect((await send("PUT", "/web/api/font/nope")).status).toBe(404);
      });

      /** node:http rather than fetch, which refuses to send TRACE. */
      function send(method: string, pathAndQuery: string) {
        return new Promise<{ status: number; headers: Record<string, unknown>; body: string }>((resolve, reject) => {
          const outgoing = request(served.server.origin + pathAndQuery, { method }, (response) => {
            let body = "";
            response.setEncoding("utf8");
            response.on("data", (chunk: string) => (body += chunk));
            response.on("end", () => resolve({ status: response.statusCode!, headers: response.headers, body }));
          });
          outgoing.on("error", reject);
          outgoing.end();
        });
      }
    });

    describe("unknown routes", () => {
      it("answer the JSON 404 under the API prefixes", async () => {
        await rejects("/web/api/font/nope", 404);
        await rejects("/api/v1/nope/at/all", 404);
      });
    });

    it("never answered 500 (503 only for the WOFF2 still being made)", () => {
      expect(served.server.statuses.length).toBeGreaterThan(50);
      expect(served.server.statuses.filter((status) => status >= 500 && status !== 503)).toEqual([]);
    });
  });
});

describe("FAMILY_SEEDS", () => {
  it("holds at least 30 families with distinct slugs, each with known styles, tags and a description", () => {
    expect(FAMILY_SEEDS.length).toBeGreaterThanOrEqual(30);
    expect(new Set(FAMILY_SEEDS.map((family) => family.slug)).size).toBe(FAMILY_SEEDS.length);
    expect(new Set(FAMILY_SEEDS.map((family) => family.nameZh)).size).toBe(FAMILY_SEEDS.length);
    for (const family of FAMILY_SEEDS) {
      expect(family.styles.length, family.slug).toBeGreaterThan(0);
      for (const style of family.styles) expect(STYLE_CODES, family.slug).toContain(style);
      expect(family.tags.length, family.slug).toBeGreaterThan(0);
      expect(family.description.length, family.slug).toBeGreaterThan(60);
      expect(family.pinyin, family.slug).toMatch(/^[a-z0-9+ ]+$/);
    }
  });

  it("takes at most two weights of each family added after the first twelve", () => {
    for (const family of FAMILY_SEEDS.slice(12)) expect(family.files.length, family.slug).toBeLessThanOrEqual(2);
  });
});
