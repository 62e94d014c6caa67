import { sql, type Selectable } from "kysely";
import type { CaseDetail, CasePageQuery, CaseSummary } from "../../contract/content.js";
import type { Page } from "../../contract/envelope.js";
import type { AssetUrl } from "../catalogue/urls.js";
import { toPage } from "../http/page.js";
import { containsKeyword, hasTag, summarise } from "./content-tags.js";
import { loadFontSummaries } from "./font-summaries.js";
import type { ContentDb, FontCaseFontTable, FontCaseTable } from "./tables.js";

type CaseRow = Selectable<FontCaseTable>;
type UsageRow = Pick<Selectable<FontCaseFontTable>, "case_id" | "font_gno" | "role" | "rationale">;

/** Cases, newest first, filtered by tag, keyword and font (any weight of the font's family). */
export async function listCases(db: ContentDb, query: CasePageQuery, assetUrl: AssetUrl): Promise<Page<CaseSummary>> {
  const { current, size, tagId, keyword, fontGNo } = query;
  let matching = db.selectFrom("font_case");
  if (tagId !== undefined) matching = matching.where(hasTag("case", "font_case", tagId));
  if (keyword) matching = matching.where(containsKeyword("font_case", keyword));
  if (fontGNo !== undefined) {
    matching = matching.where(sql<boolean>`exists (
      select 1 from font_case_font as used
      join font as used_font on used_font.gno = used.font_gno
      join font as wanted on wanted.family_id = used_font.family_id
      where used.case_id = font_case.id and wanted.gno = ${fontGNo}
    )`);
  }
  const [{ total }, rows] = await Promise.all([
    matching.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
    matching
      .selectAll("font_case")
      .orderBy("font_case.created_at", "desc")
      .orderBy("font_case.id", "desc")
      .limit(size)
      .offset((current - 1) * size)
      .execute(),
  ]);
  const usages = await caseUsages(
    db,
    rows.map((row) => row.id),
  );
  return toPage(await summariseCases(db, rows, usages, assetUrl), Number(total), query);
}

/** Case `id` with which font does what, or null. */
export async function findCase(db: ContentDb, id: number, assetUrl: AssetUrl): Promise<CaseDetail | null> {
  const row = await db.selectFrom("font_case").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const usages = await caseUsages(db, [id]);
  const [summary] = await summariseCases(db, [row], usages, assetUrl);
  const fonts = await loadFontSummaries(db, summary!.fontGNos);
  return {
    ...summary!,
    bodyMarkdown: row.body_markdown,
    fontUsages: (usages.get(id) ?? []).flatMap(({ font_gno, role, rationale }) => {
      const font = fonts.get(font_gno);
      return font ? [{ role, rationale, font }] : [];
    }),
  };
}

function summariseCases(
  db: ContentDb,
  rows: CaseRow[],
  usages: Map<number, UsageRow[]>,
  assetUrl: AssetUrl,
): Promise<CaseSummary[]> {
  return summarise(db, "case", rows, (row, tags) => ({
    id: row.id,
    title: row.title,
    summary: row.summary,
    cover: assetUrl(row.cover),
    tags,
    fontGNos: [...new Set((usages.get(row.id) ?? []).map((usage) => usage.font_gno))],
    example: row.example,
    createdAt: new Date(row.created_at).toISOString(),
  }));
}

/** The font usages of each case whose font the catalogue has, in the case's order. */
async function caseUsages(db: ContentDb, ids: number[]): Promise<Map<number, UsageRow[]>> {
  const usages = new Map<number, UsageRow[]>(ids.map((id) => [id, []]));
  if (ids.length === 0) return usages;
  const rows = await db
    .selectFrom("font_case_font")
    .innerJoin("font", "font.gno", "font_case_font.font_gno")
    .select(["font_case_font.case_id", "font_case_font.font_gno", "font_case_font.role", "font_case_font.rationale"])
    .where("font_case_font.case_id", "in", ids)
    .orderBy("font_case_font.sort")
    .execute();
  for (const row of rows) usages.get(row.case_id)?.push(row);
  return usages;
}
