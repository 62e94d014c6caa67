import express from "express";
import { endpointPath } from "../../contract/endpoint.js";
import { getSubsetFile } from "../../contract/subset.js";
import { createVariableSubsets, type VariableSubsetItem } from "../../contract/variable.js";
import { ApiError, badRequest } from "../http/envelope.js";
import type { RateLimiter } from "../http/rate-limits.js";
import { route } from "../http/route.js";
import { subsetFamilyName } from "./family-name.js";
import type { SubsetCache, SubsetEntry } from "./subset-cache.js";
import { UnusableFontError } from "./unusable-font.js";
import { rejectDeepBody, withCodepoints } from "./subset-request.js";
import { allowCrossOrigin, MAX_BODY_BYTES, requireJson, subsetErrorHandler } from "./subset-router.js";
import type { VariableFontFile, VariableFontSource } from "./variable-font-source.js";
import { makeVariableSubset, planVariableSubset, unicodeRangeOf, type VariableSubsetPlan } from "./variable-subset.js";

export type VariableSubsetRouterOptions = {
  cache: SubsetCache;
  variableFontSource: VariableFontSource;
  /** Shared with `/webfont/http`: each item counts 1, plus its characters not already cached. */
  rateLimiter: RateLimiter;
};

/** POST /subset/web-variable-font: subsets of variable fonts that keep their axes, one file per slice used. */
export function createVariableSubsetRouter(options: VariableSubsetRouterOptions): express.Router {
  const { cache, variableFontSource, rateLimiter } = options;
  const router = express.Router();
  router.use(createVariableSubsets.path, allowCrossOrigin);

  route(
    router,
    createVariableSubsets,
    async ({ body }, { req }) => {
      const items = withCodepoints(body);
      const fonts = await resolveFonts(variableFontSource, [...new Set(items.map((item) => item.gno))]);
      const plans = await Promise.all(
        items.map((item) => withFontErrors(item.gno, () => planVariableSubset(fonts.get(item.gno)!, item.codepoints))),
      );
      const cost = plans.reduce(
        (sum, plan) =>
          sum +
          1 +
          plan.parts.reduce(
            (chars, part) => chars + (cache.has(part.file, part.codepoints) ? 0 : part.codepoints.length),
            0,
          ),
        0,
      );
      await rateLimiter.consume(req, cost);
      return Promise.all(
        items.map(async (item, index) => {
          const subset = await withFontErrors(item.gno, () => makeVariableSubset(cache, plans[index]!));
          const font = fonts.get(item.gno)!;
          return toResponseItem(item, font, subset, plans[index]!);
        }),
      );
    },
    { before: [requireJson, express.json({ limit: MAX_BODY_BYTES }), rejectDeepBody] },
  );

  router.use(createVariableSubsets.path, subsetErrorHandler);
  return router;

  function toResponseItem(
    item: { gno: string; text: string },
    font: VariableFontFile,
    subset: Awaited<ReturnType<typeof makeVariableSubset>>,
    plan: VariableSubsetPlan,
  ): VariableSubsetItem {
    const fileUrl = (entry: SubsetEntry, format: Parameters<SubsetCache["fileName"]>[1]) =>
      `${endpointPath(getSubsetFile, { name: cache.fileName(entry, format) })}?t=${entry.createdAt}`;
    return {
      gno: item.gno,
      text: item.text,
      familyName: subsetFamilyName(item.gno, subset.hash),
      files: subset.parts.map(({ entry, codepoints }) => ({
        woffPath: fileUrl(entry, entry.hasWoff2 ? "woff2" : "woff"),
        ttfPath: fileUrl(entry, entry.sfntFormat),
        unicodeRange: unicodeRangeOf(codepoints),
      })),
      axes: font.axes,
      missing: String.fromCodePoint(...plan.missing),
    };
  }
}

async function resolveFonts(source: VariableFontSource, gnos: string[]): Promise<Map<string, VariableFontFile>> {
  const fonts = await Promise.all(gnos.map((gno) => source(gno)));
  const unknown = gnos.filter((_gno, index) => !fonts[index]);
  if (unknown.length > 0) throw badRequest(`可变字体 ${unknown.join("、")} 不存在`);
  return new Map(gnos.map((gno, index) => [gno, fonts[index]!]));
}

async function withFontErrors<T>(gno: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof UnusableFontError)) throw error;
    console.error(`可变字体 ${gno} 无法子集化：${error.message}`);
    throw new ApiError(503, "503", `字体 ${gno} 暂时无法使用：${error.message}`);
  }
}
