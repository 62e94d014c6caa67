import fs from "node:fs/promises";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { albumZipEndpoints, albumZipSchema } from "../../contract/album-zip.js";
import { successEnvelopeSchema } from "../../contract/envelope.js";
import { dispositionFileName, zipEntries } from "../../tests/zip-entries.js";
import { OFL_1_1_TEXT } from "../catalogue/ofl-1.1.js";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { useServedBackend } from "../testing/served-backend.js";
import { FontStorage } from "../storage/font-storage.js";
import { contentDb } from "./tables.js";

describe.each(TEST_DATABASES)("album zip on $name", (database) => {
  const served = useServedBackend(database, "album-zip-test-");

  const skip = !database.available;

  async function zipUrlOf(id: number | string) {
    const response = await fetch(`${served.server.origin}${albumZipEndpoints.getAlbumZipUrl.path}?id=${id}`);
    return {
      status: response.status,
      body: (await response.json()) as { code: string; message: string; data: unknown },
    };
  }

  /** Every album with its fonts as the catalogue stores them (file and license), in album order. */
  async function catalogued() {
    const db = contentDb(served.backend.db);
    const albums = await db.selectFrom("album").select(["id", "title"]).orderBy("id").execute();
    return Promise.all(
      albums.map(async (album) => ({
        ...album,
        fonts: await db
          .selectFrom("album_font")
          .innerJoin("font", "font.gno", "album_font.font_gno")
          .select(["font.gno", "font.file_location", "font.license_code", "font.copyright"])
          .where("album_id", "=", album.id)
          .orderBy("album_font.sort")
          .execute(),
      })),
    );
  }

  it.skipIf(skip)(
    "every album's zip holds each font file byte for byte, its copyright and license in full and a 说明.txt, under a Chinese file name",
    async () => {
      const storage = new FontStorage(served.dataDir);
      const albums = await catalogued();
      expect(albums.length).toBeGreaterThanOrEqual(8);
      let withCopyright = 0;
      for (const album of albums) {
        const { status, body } = await zipUrlOf(album.id);
        expect(status).toBe(200);
        const parsed = successEnvelopeSchema(albumZipSchema).parse(body);
        expect(parsed).toEqual(body);
        const zip = parsed.data;
        expect(zip.fileName).toBe(`${album.title}.zip`);
        expect(zip.files.map((file) => file.fontGNo)).toEqual(album.fonts.map((font) => font.gno));

        const response = await fetch(`${served.server.origin}${zip.url}`);
        expect(response.status).toBe(200);
        expect(response.headers.get("content-type")).toBe("application/zip");
        expect(dispositionFileName(response.headers.get("content-disposition"))).toBe(`${album.title}.zip`);
        const bytes = Buffer.from(await response.arrayBuffer());
        expect(Number(response.headers.get("content-length"))).toBe(bytes.length);

        const entries = await zipEntries(bytes);
        expect([...entries.keys()].sort()).toEqual(
          ["说明.txt", ...zip.files.flatMap((file) => [file.fileName, file.licenseFileName])].sort(),
        );
        const readme = entries.get("说明.txt")!.toString("utf8");
        for (const [index, file] of zip.files.entries()) {
          const font = album.fonts[index]!;
          const original = await fs.readFile(storage.resolve(font.file_location));
          expect(entries.get(file.fileName)!.equals(original), `${album.title}: ${file.fileName}`).toBe(true);
          expect(file.size).toBe(original.length);
          const license = entries.get(file.licenseFileName)!.toString("utf8").replace(/\r\n/g, "\n");
          expect(font.license_code).toBe("OFL-1.1");
          // The font's own copyright notice (name ID 0) when it has one, then the license in full, as in OFL.txt.
          const copyright = font.copyright?.replace(/\r\n/g, "\n").trim();
          if (copyright) withCopyright++;
          expect(license).toContain(`\n\n${copyright ? `${copyright}\n\n` : ""}${OFL_1_1_TEXT.trim()}\n`);
          expect(license).toContain(file.licenseName);
          expect(readme).toContain(file.fileName);
          expect(readme).toContain(file.licenseFileName);
        }
      }
      expect(withCopyright).toBeGreaterThan(0);
    },
    120_000,
  );

  it.skipIf(skip)(
    "an unknown album is a 404 envelope for both the URL and the zip; a malformed id is a 400",
    async () => {
      const unknown = await zipUrlOf(999_999);
      expect(unknown).toEqual({ status: 404, body: { code: "404", message: "专辑不存在", data: null } });

      const zip = await fetch(`${served.server.origin}/web/api/web-font-collection/download-font-zip/999999`);
      expect(zip.status).toBe(404);
      expect(await zip.json()).toEqual({ code: "404", message: "专辑不存在", data: null });

      for (const id of ["0", "abc", "-1"]) {
        const malformed = await zipUrlOf(id);
        expect(malformed.status).toBe(400);
        expect(malformed.body.code).toBe("400");
      }
      const malformedZip = await fetch(`${served.server.origin}/web/api/web-font-collection/download-font-zip/abc`);
      expect(malformedZip.status).toBe(400);
    },
  );

  it.skipIf(skip)("a HEAD of a zip answers the GET's headers at once, without reading the fonts", async () => {
    const [album] = await catalogued();
    const font = album!.fonts[0]!;
    // A 2 GiB font (sparse, so it takes no disk): reading it for the zip's checksums takes far longer
    // than the HEAD is given.
    const bigFile = path.join(served.dataDir, "head-check-font.ttf");
    await fs.writeFile(bigFile, "");
    await fs.truncate(bigFile, 2 ** 31);
    const fonts = contentDb(served.backend.db);
    const moveFont = (location: string) =>
      fonts.updateTable("font").set({ file_location: location }).where("gno", "=", font.gno).execute();
    await moveFont("data:head-check-font.ttf");
    try {
      const head = await fetch(`${served.server.origin}/web/api/web-font-collection/download-font-zip/${album!.id}`, {
        method: "HEAD",
        signal: AbortSignal.timeout(5_000),
      });
      expect(head.status).toBe(200);
      expect(head.headers.get("content-type")).toBe("application/zip");
      expect(Number(head.headers.get("content-length"))).toBeGreaterThan(2 ** 31);
      expect((await head.arrayBuffer()).byteLength).toBe(0);
    } finally {
      await moveFont(font.file_location);
      await fs.rm(bigFile, { force: true });
    }
  });
});
