import { z } from "zod";
import { COMMERCIAL_LABELS, FONT_GNO_PATTERN } from "./catalogue";
import { contentIdQuerySchema } from "./content";
import { defineEndpoint } from "./endpoint";

/**
 * 打包下载 of an album: one zip of the album's font files, each as the catalogue stores it, with
 * each font's license text beside it and a 说明.txt listing what is inside.
 */

const id = z.number().int().positive();

/** A font file inside an album's zip. */
export const albumZipFileSchema = z.object({
  fontGNo: z.string().regex(FONT_GNO_PATTERN),
  /** The font's name inside the zip, e.g. 站酷快乐体-常规.ttf. */
  fileName: z.string().min(1),
  /** The license text's name inside the zip, e.g. LICENSE-站酷快乐体-常规.txt. */
  licenseFileName: z.string().min(1),
  size: z.number().int().nonnegative(),
  licenseName: z.string().min(1),
  commercialLabel: z.enum(COMMERCIAL_LABELS),
});
export type AlbumZipFile = z.infer<typeof albumZipFileSchema>;

export const albumZipSchema = z.object({
  id,
  /** What the zip is saved as, e.g. 国风古韵.zip. */
  fileName: z.string().min(1),
  /** Where the zip is streamed from, relative to the API base: `/web/api/web-font-collection/download-font-zip/{id}`. */
  url: z.string().min(1),
  files: z.array(albumZipFileSchema),
});
export type AlbumZip = z.infer<typeof albumZipSchema>;

export const albumZipParamsSchema = z.object({
  id: z
    .string()
    .regex(/^\d{1,10}$/, "必须是正整数")
    .transform(Number)
    .pipe(z.number().min(1, "必须是正整数").max(2_147_483_647, "必须是正整数")),
});

/** What album `id`'s zip holds and where to get it; 404 for an unknown album. */
export const getAlbumZipUrl = defineEndpoint({
  method: "GET",
  path: "/web/api/web-font-collection/download-font-zip-url",
  query: contentIdQuerySchema,
  data: albumZipSchema,
  auth: "none",
});

/** The zip itself, streamed (`application/zip`, a Chinese file name in `filename*`); failures are envelopes. */
export const downloadAlbumZip = defineEndpoint({
  method: "GET",
  path: "/web/api/web-font-collection/download-font-zip/:id",
  params: albumZipParamsSchema,
  kind: "file",
  auth: "none",
});

/** Every weight of the family of font `id`, each with its license text and a 说明.txt, streamed as one zip. */
export const downloadFamilyZip = defineEndpoint({
  method: "GET",
  path: "/web/api/font/download-family-zip/:id",
  params: z.object({ id: z.string().regex(FONT_GNO_PATTERN, "必须是字体编号") }),
  kind: "file",
  auth: "none",
});

export const albumZipEndpoints = { getAlbumZipUrl, downloadAlbumZip, downloadFamilyZip };
