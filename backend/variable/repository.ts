import type { Page } from "../../contract/envelope.js";
import { VARIABLE_CATEGORY_NAMES, type VariableFont, type VariableFontListQuery } from "../../contract/variable.js";
import type { CommercialLabel } from "../../contract/catalogue.js";
import { parseStoredRanges } from "./stored-ranges.js";
import type { Selectable } from "kysely";
import type { VariableDb, VariableFontTable } from "./tables.js";
import type { CodepointRange } from "./package-slices.js";

export type StoredSlice = { key: string; woff2Location: string; ranges: CodepointRange[] };

/** Reads of the variable font tables. */
export class VariableFontRepository {
  constructor(private readonly db: VariableDb) {}

  async list(query: VariableFontListQuery): Promise<Page<VariableFont>> {
    let filtered = this.db.selectFrom("variable_font");
    if (query.category) filtered = filtered.where("category", "=", query.category);
    if (query.axis) {
      const tag = query.axis;
      filtered = filtered.where((eb) =>
        eb.exists(
          eb
            .selectFrom("variable_font_axis")
            .select("variable_font_axis.tag")
            .whereRef("variable_font_axis.font_gno", "=", "variable_font.gno")
            .where("variable_font_axis.tag", "=", tag),
        ),
      );
    }
    const { total } = await filtered.select((eb) => eb.fn.countAll<string>().as("total")).executeTakeFirstOrThrow();
    const rows = await filtered
      .selectAll()
      .orderBy("sort")
      .limit(query.size)
      .offset((query.current - 1) * query.size)
      .execute();
    const count = Number(total);
    return {
      records: await this.withAxes(rows),
      total: count,
      current: query.current,
      size: query.size,
      pages: Math.ceil(count / query.size),
    };
  }

  async find(gno: string): Promise<VariableFont | null> {
    const row = await this.db.selectFrom("variable_font").selectAll().where("gno", "=", gno).executeTakeFirst();
    return row ? ((await this.withAxes([row]))[0] ?? null) : null;
  }

  /** The slices of a font, in the order they are searched for a character. */
  async slices(gno: string): Promise<StoredSlice[]> {
    const rows = await this.db
      .selectFrom("variable_font_slice")
      .select(["slice_key", "woff2_location", "codepoint_ranges"])
      .where("font_gno", "=", gno)
      .orderBy("position")
      .execute();
    return rows.map((row) => ({
      key: row.slice_key,
      woff2Location: row.woff2_location,
      ranges: parseStoredRanges(row.codepoint_ranges),
    }));
  }

  private async withAxes(rows: Selectable<VariableFontTable>[]): Promise<VariableFont[]> {
    if (rows.length === 0) return [];
    const gnos = rows.map((row) => row.gno);
    const [axes, instances, sliceCounts] = await Promise.all([
      this.db.selectFrom("variable_font_axis").selectAll().where("font_gno", "in", gnos).orderBy("position").execute(),
      this.db
        .selectFrom("variable_font_instance")
        .selectAll()
        .where("font_gno", "in", gnos)
        .orderBy("position")
        .execute(),
      this.db
        .selectFrom("variable_font_slice")
        .select(["font_gno", (eb) => eb.fn.countAll<string>().as("count")])
        .where("font_gno", "in", gnos)
        .groupBy("font_gno")
        .execute(),
    ]);
    return rows.map((row) => ({
      gno: row.gno,
      familyName: row.family_name,
      nameZh: row.name_zh,
      description: row.description,
      category: row.category,
      categoryName: VARIABLE_CATEGORY_NAMES[row.category],
      featured: row.featured,
      sampleText: row.sample_text,
      axes: axes
        .filter((axis) => axis.font_gno === row.gno)
        .map((axis) => ({
          tag: axis.tag,
          name: axis.name,
          min: Number(axis.min_value),
          default: Number(axis.default_value),
          max: Number(axis.max_value),
          hidden: axis.hidden,
        })),
      instances: instances
        .filter((instance) => instance.font_gno === row.gno)
        .map((instance) => ({
          name: instance.name,
          coordinates: JSON.parse(instance.coordinates) as Record<string, number>,
        })),
      sliceCount: Number(sliceCounts.find((slice) => slice.font_gno === row.gno)?.count ?? 0),
      codepointCount: row.codepoint_count,
      version: row.version,
      copyright: row.copyright,
      designer: row.designer,
      license: {
        code: row.license_code,
        name: row.license_name,
        url: row.license_url,
        commercialUse: row.commercial_use,
        commercialLabel: row.commercial_label as CommercialLabel,
        commercialSource: row.license_source,
      },
    }));
  }
}
