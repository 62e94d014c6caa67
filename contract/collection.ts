import { z } from "zod";
import { FONT_GNO_PATTERN } from "./catalogue";
import { defineEndpoint } from "./endpoint";

/** A favourite font, named as the catalogue names it. */
export const collectedFontSchema = z.object({
  fontGNo: z.string().regex(FONT_GNO_PATTERN),
  familyName: z.string().min(1),
  fontName: z.string().min(1),
});
export type CollectedFont = z.infer<typeof collectedFontSchema>;

/** One of the user's collections with its fonts, oldest first. */
export const fontCollectionSchema = z.object({
  id: z.number().int().positive(),
  name: z.string(),
  fontList: z.array(collectedFontSchema),
});
export type FontCollection = z.infer<typeof fontCollectionSchema>;

/** Every collection of the user, oldest first; `[]` for a user without any. */
export const getAllCollectedFonts = defineEndpoint({
  method: "GET",
  path: "/web/api/account/collection/allFont",
  data: z.array(fontCollectionSchema),
  auth: "required",
});

export const collectionEndpoints = { getAllCollectedFonts };
