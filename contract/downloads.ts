import { z } from "zod";
import { FONT_FILE_FORMATS, FONT_GNO_PATTERN, KEYWORD_MAX } from "./catalogue";
import { defineEndpoint } from "./endpoint";
import { pageQuerySchema, pageSchema } from "./envelope";
import { optionalQueryText } from "./query";

/** One download of a signed-in user: which font, which file, when. */
export const downloadRecordSchema = z.object({
  id: z.number().int().positive(),
  fontGNo: z.string().regex(FONT_GNO_PATTERN),
  /** The font's name as the catalogue names it now; the file name as it was downloaded. */
  fontName: z.string().min(1),
  familyName: z.string().min(1),
  fileName: z.string().min(1),
  format: z.enum(FONT_FILE_FORMATS),
  downloadedAt: z.string().datetime({ offset: true }),
});
export type DownloadRecord = z.infer<typeof downloadRecordSchema>;

/** A page of the history, newest first; `keyword` keeps downloads whose font or family name contains it. */
export const downloadHistoryQuerySchema = pageQuerySchema.extend({
  keyword: optionalQueryText(KEYWORD_MAX),
});
export type DownloadHistoryQuery = z.output<typeof downloadHistoryQuerySchema>;

export const getDownloadHistory = defineEndpoint({
  method: "GET",
  path: "/web/api/account/download/history",
  query: downloadHistoryQuerySchema,
  data: pageSchema(downloadRecordSchema),
  auth: "required",
});

export const downloadEndpoints = { getDownloadHistory };
