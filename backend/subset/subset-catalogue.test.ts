import { randomBytes } from "node:crypto";
import fs from "node:fs/promises";
import { describe, expect, it, vi } from "vitest";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { useServedSubsetService } from "./testing/served-subset.js";
import { glyphCountOf, sfntFromWoff, unicodesOf } from "./testing/fonts.js";

type SubsetItem = { gno: string; text: string; familyName: string; woffPath: string; ttfPath: string };

/** The subset endpoint over the real catalogue: gno → the seeded font file, on each database. */
describe.each(TEST_DATABASES)("subset service over the catalogue on $name", (database) => {
  const served = useServedSubsetService(database, "subset-catalogue-");

  async function post(body: unknown) {
    const response = await fetch(`${served.server.origin}/webfont/http`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(body),
    });
    return {
      status: response.status,
      body: (await response.json()) as { code: string; message: string; data: SubsetItem[] | null },
    };
  }

  describe.skipIf(!database.available)("with a seeded catalogue", () => {
    it("subsets every catalogue family to exactly the requested characters it has", async () => {
      const gnos = ["10001", "10010", "10027", "10033", "10035", "10037"];
      const text = "短视频字体 Aa1";
      const { status, body } = await post(gnos.map((gno) => ({ gno, text })));
      expect(status).toBe(200);
      expect(body.code).toBe("200");
      expect(body.data?.map((item) => item.gno)).toEqual(gnos);
      for (const item of body.data ?? []) {
        expect(item.familyName).toMatch(/^A/);
        const woff = new Uint8Array(await (await fetch(`${served.server.origin}${item.woffPath}`)).arrayBuffer());
        const sfnt = woff[3] === 0x32 ? null : sfntFromWoff(woff); // first answer is WOFF, not yet WOFF2
        expect(sfnt, `${item.gno} answered ${item.woffPath}`).not.toBeNull();
        const source = await served.backend.fontSource(item.gno);
        const whole = unicodesOf(await fs.readFile(source!.filePath));
        const wanted = [...new Set([...text].map((character) => character.codePointAt(0)!))].filter((cp) =>
          whole.has(cp),
        );
        expect(unicodesOf(sfnt!)).toEqual(new Set(wanted));
        expect(glyphCountOf(sfnt!)).toBeLessThan(40);
      }
    });

    it("serves /css2 for a family by its Chinese or English name, every weight asked for", async () => {
      const byChinese = await fetch(
        `${served.server.origin}/css2?family=${encodeURIComponent("思源黑体:wght@400;700")}&text=短视频`,
      );
      expect(byChinese.status).toBe(200);
      const css = await byChinese.text();
      expect(css.match(/font-family: "思源黑体";/g)).toHaveLength(2);
      expect(css).toContain("font-weight: 700;");
      const byEnglish = await fetch(`${served.server.origin}/css2?family=noto+sans+sc`);
      expect(byEnglish.status).toBe(200);
      expect((await byEnglish.text()).match(/unicode-range/g)!.length).toBeGreaterThan(30);
      const unknownWeight = await fetch(
        `${served.server.origin}/css2?family=${encodeURIComponent("站酷快乐体:wght@700")}`,
      );
      expect(unknownWeight.status).toBe(400);
      expect(((await unknownWeight.json()) as { message: string }).message).toContain("没有 700 字重");
    });

    it("names an unknown font in a clear error", async () => {
      const { status, body } = await post([{ gno: "99999", text: "你好" }]);
      expect(status).toBe(400);
      expect(body.message).toContain("99999");
    });

    it("answers a clear error, not a 500, for a catalogued font whose file has gone, and logs it", async () => {
      const source = await served.backend.fontSource("10037");
      await fs.rm(source!.filePath);
      const log = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const { status, body } = await post([{ gno: "10037", text: "你好" }]);
        expect(status).toBe(400);
        expect(body.message).toContain("10037");
        expect(log).toHaveBeenCalledOnce();
        expect(String(log.mock.calls[0]![0])).toMatch(/10037.*缺失/);
      } finally {
        log.mockRestore();
      }
    });

    it("answers 503 for a catalogued font whose file is damaged, and keeps serving the others", async () => {
      const source = await served.backend.fontSource("10035");
      await fs.writeFile(source!.filePath, randomBytes(50_000));
      const log = vi.spyOn(console, "error").mockImplementation(() => {});
      try {
        const { status, body } = await post([{ gno: "10035", text: "你好" }]);
        expect(status).toBe(503);
        expect(body.message).toMatch(/^字体 10035 暂时无法使用/);
        expect(log).toHaveBeenCalledOnce();
      } finally {
        log.mockRestore();
      }
      const { status, body } = await post([{ gno: "10001", text: "你好" }]);
      expect(status).toBe(200);
      expect(body.data?.[0]?.gno).toBe("10001");
    });
  });
});
