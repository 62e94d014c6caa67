import { createHash } from "node:crypto";
import express, { type Request } from "express";
import { endpointPath } from "../../../contract/endpoint.js";
import { getSubsetFile } from "../../../contract/subset.js";
import {
  getWebFontSlice,
  webFontCss,
  type FamilyRequest,
  type FontDisplay,
  type WebFontCssQuery,
} from "../../../contract/web-fonts.js";
import { badRequest, notFound } from "../../http/envelope.js";
import type { RateLimiter } from "../../http/rate-limits.js";
import { route } from "../../http/route.js";
import type { FontSource, FontSourceFile } from "../font-source.js";
import type { SubsetCache, SubsetFileFormat } from "../subset-cache.js";
import { normalizeCodepoints, subsetHash } from "../subset-key.js";
import { allowCrossOrigin, prepareSubset, sendSubsetFile, subsetErrorHandler } from "../subset-router.js";
import { sliceCodepoints, unicodeRange } from "./slices.js";
import type { WebFontCatalogue, WebFontWeight } from "./web-font-catalogue.js";

/** A stylesheet names files by their content, but which files a family has changes with the catalogue: a day. */
const CSS_CACHE_CONTROL = "public, max-age=86400, stale-while-revalidate=604800";
/** Slice plans kept in memory (about 120 KB each for a CJK font): the fonts in use at once. */
const MAX_PLANS_KEPT = 64;
const SLICE_NAME_PATTERN = /^([0-9A-Za-z][0-9A-Za-z_-]{0,63})-(\d{1,4})-([0-9a-f]{32})\.(woff2|woff)$/;
const WEB_FONT_PATHS = [webFontCss.path, getWebFontSlice.path.split("/:")[0]!];

export type WebFontRouterOptions = {
  cache: SubsetCache;
  fontSource: FontSource;
  catalogue: WebFontCatalogue;
  rateLimiters: { subset: RateLimiter; files: RateLimiter };
};

type SlicePlan = { version: string; slices: Uint32Array[] };
type ResolvedWeight = { weight: number; font: FontSourceFile };

/**
 * The CSS API (contract/web-fonts.ts): `/css2` answers `@font-face` rules for catalogue families,
 * with `text=` subsets of exactly those characters, without it the family cut into `unicode-range`
 * slices; `/webfont/slices/…` serves a slice's file, made on first request into the subset cache.
 */
export function createWebFontRouter({
  cache,
  fontSource,
  catalogue,
  rateLimiters,
}: WebFontRouterOptions): express.Router {
  const router = express.Router();
  router.use(WEB_FONT_PATHS, allowCrossOrigin);
  const plans = new Map<string, SlicePlan>();

  async function planOf(font: FontSourceFile): Promise<SlicePlan | null> {
    const kept = plans.get(font.gno);
    if (kept?.version === font.version) {
      plans.delete(font.gno);
      plans.set(font.gno, kept);
      return kept;
    }
    const codepoints = await catalogue.codepoints(font.gno);
    if (!codepoints) return null;
    const plan = { version: font.version, slices: sliceCodepoints(codepoints).map((slice) => Uint32Array.from(slice)) };
    plans.delete(font.gno);
    plans.set(font.gno, plan);
    if (plans.size > MAX_PLANS_KEPT) plans.delete(plans.keys().next().value!);
    return plan;
  }

  route(
    router,
    webFontCss,
    async ({ query }, { req, res }) => {
      const families = await Promise.all(query.families.map((family) => resolveFamily(family)));
      const body = query.text
        ? await subsetRules(req, query, families)
        : await sliceRules(req, query.display, families);
      res.set({
        "Content-Type": "text/css; charset=utf-8",
        "Cache-Control": CSS_CACHE_CONTROL,
        ETag: `"${createHash("sha256").update(body).digest("base64url").slice(0, 27)}"`,
      });
      res.send(body); // answers 304 itself when If-None-Match names this ETag
    },
    { nameParameters: false },
  );

  route(router, getWebFontSlice, async ({ params: { name } }, { req, res }) => {
    await rateLimiters.files.consume(req, 1);
    const match = SLICE_NAME_PATTERN.exec(name);
    if (!match) throw notFound("文件不存在");
    const [, gno, index, hash, format] = match as unknown as [string, string, string, string, SubsetFileFormat];
    const font = await fontSource(gno);
    const plan = font && (await planOf(font));
    const slice = plan?.slices[Number(index)];
    // A name from a stylesheet made before the font changed names a file that no longer exists.
    if (!font || !slice || subsetHash(font.gno, font.version, [...slice]) !== hash) throw notFound("文件不存在");
    const codepoints = [...slice];
    if (!cache.has(font, codepoints)) await rateLimiters.subset.consume(req, 1 + codepoints.length);
    const entry = await prepareSubset(cache, font, codepoints);
    await sendSubsetFile(cache, res, cache.fileName(entry, format));
  });

  router.use(WEB_FONT_PATHS, subsetErrorHandler);
  return router;

  async function resolveFamily(request: FamilyRequest): Promise<{ name: string; weights: ResolvedWeight[] }> {
    const family = await catalogue.family(request.name);
    if (!family || family.weights.length === 0) {
      throw badRequest(`没有名为「${request.name}」的字体家族，请使用本站显示的中文名或英文名`);
    }
    const chosen = chooseWeights(request, family.weights);
    const files = await Promise.all(chosen.map((weight) => fontSource(weight.gno)));
    const unavailable = chosen.filter((_weight, index) => !files[index]);
    if (unavailable.length > 0) {
      throw badRequest(
        `「${request.name}」的 ${unavailable.map((weight) => weight.weight).join("、")} 字重暂时无法使用`,
      );
    }
    return {
      name: request.name,
      weights: chosen.map((weight, index) => ({ weight: weight.weight, font: files[index]! })),
    };
  }

  async function subsetRules(
    req: Request,
    query: WebFontCssQuery,
    families: Array<{ name: string; weights: ResolvedWeight[] }>,
  ): Promise<string> {
    const codepoints = normalizeCodepoints(query.text!);
    const fonts = families.flatMap((family) => family.weights.map((weight) => weight.font));
    const cost = fonts.reduce((sum, font) => sum + 1 + (cache.has(font, codepoints) ? 0 : codepoints.length), 0);
    await rateLimiters.subset.consume(req, cost);
    const entries = await Promise.all(fonts.map((font) => prepareSubset(cache, font, codepoints)));
    let next = 0;
    return families
      .flatMap((family) =>
        family.weights.map(({ weight }) => {
          const entry = entries[next++]!;
          const url = (format: SubsetFileFormat) =>
            `${endpointPath(getSubsetFile, { name: cache.fileName(entry, format) }).slice(1)}?t=${entry.createdAt}`;
          return fontFaceRule(family.name, weight, query.display, [
            `url(${url("woff2")}) format("woff2")`,
            `url(${url("woff")}) format("woff")`,
          ]);
        }),
      )
      .join("");
  }

  async function sliceRules(
    req: Request,
    display: FontDisplay,
    families: Array<{ name: string; weights: ResolvedWeight[] }>,
  ): Promise<string> {
    await rateLimiters.subset.consume(
      req,
      families.reduce((sum, family) => sum + family.weights.length, 0),
    );
    const rules: string[] = [];
    for (const family of families) {
      for (const { weight, font } of family.weights) {
        const plan = await planOf(font);
        if (!plan) throw badRequest(`「${family.name}」的 ${weight} 字重暂时无法使用`);
        plan.slices.forEach((slice, index) => {
          const codepoints = [...slice];
          const name = `${font.gno}-${index}-${subsetHash(font.gno, font.version, codepoints)}`;
          const file = (format: SubsetFileFormat) =>
            endpointPath(getWebFontSlice, { name: `${name}.${format}` }).slice(1);
          rules.push(
            `/* [${index}] */\n` +
              fontFaceRule(
                family.name,
                weight,
                display,
                [`url(${file("woff2")}) format("woff2")`],
                unicodeRange(codepoints),
              ),
          );
        });
      }
    }
    return rules.join("");
  }
}

/** The weights asked for; an unknown one is a 400 naming those the family has. */
function chooseWeights({ name, weights: asked }: FamilyRequest, weights: WebFontWeight[]): WebFontWeight[] {
  const available = weights.map((weight) => weight.weight).join("、");
  if (asked.kind === "default") return [weights.find((weight) => weight.isDefault) ?? weights[0]!];
  if (asked.kind === "range") {
    const within = weights.filter((weight) => weight.weight >= asked.from && weight.weight <= asked.to);
    if (within.length === 0)
      throw badRequest(`「${name}」在 ${asked.from}..${asked.to} 之间没有字重（可用：${available}）`);
    return within;
  }
  const missing = asked.weights.filter((wanted) => !weights.some((weight) => weight.weight === wanted));
  if (missing.length > 0) throw badRequest(`「${name}」没有 ${missing.join("、")} 字重（可用：${available}）`);
  return asked.weights.map((wanted) => weights.find((weight) => weight.weight === wanted)!);
}

function fontFaceRule(family: string, weight: number, display: FontDisplay, sources: string[], range?: string): string {
  const lines = [
    `  font-family: ${cssString(family)};`,
    "  font-style: normal;",
    `  font-weight: ${weight};`,
    `  font-display: ${display};`,
    `  src: ${sources.join(", ")};`,
  ];
  if (range) lines.push(`  unicode-range: ${range};`);
  return `@font-face {\n${lines.join("\n")}\n}\n`;
}

/** A CSS string of `text`: quotes, backslashes and line breaks escaped, so a family name cannot end the rule. */
function cssString(text: string): string {
  return `"${text
    .replace(/[\\"]/g, "\\$&")
    .replace(/[\n\r\f]/g, " ")
    .replace(/[<>]/g, (character) => `\\${character.charCodeAt(0).toString(16)} `)}"`;
}
