import { z } from "zod";
import { FONT_GNO_PATTERN } from "./catalogue-values";
import { defineEndpoint } from "./endpoint";

/** Distinct characters one coverage question may hold: a film's subtitles use about 3 000. */
export const COVERAGE_MAX_CHARACTERS = 10_000;

export const fontCoverageBodySchema = z.object(
  {
    text: z
      .string({ required_error: "text 不能为空", invalid_type_error: "text 必须是字符串" })
      .max(COVERAGE_MAX_CHARACTERS * 2, `text 不能超过 ${COVERAGE_MAX_CHARACTERS * 2} 个字符`)
      .refine((text) => text.trim() !== "", "text 不能为空")
      .refine(
        (text) => new Set(text).size <= COVERAGE_MAX_CHARACTERS,
        `text 去重后不能超过 ${COVERAGE_MAX_CHARACTERS} 个字符`,
      ),
  },
  { errorMap: () => ({ message: "请求体必须是 {text} 对象" }) },
);

/** Each family's default font (the font list's can-render filter reads the same), with the characters it lacks. */
export const fontCoverageItemSchema = z.object({
  fontGNo: z.string().regex(FONT_GNO_PATTERN),
  familyId: z.number().int().positive(),
  familyName: z.string().min(1),
  fontName: z.string().min(1),
  /** The characters of `text` (whitespace aside) the font has no glyph for, in code point order; "" when it has all. */
  missing: z.string(),
});
export type FontCoverageItem = z.infer<typeof fontCoverageItemSchema>;

/** Which characters of `text` every family's default font lacks, the most popular family first. */
export const getFontCoverage = defineEndpoint({
  method: "POST",
  path: "/web/api/font/coverage",
  body: fontCoverageBodySchema,
  data: z.array(fontCoverageItemSchema),
  auth: "none",
});

export const coverageEndpoints = { getFontCoverage };
