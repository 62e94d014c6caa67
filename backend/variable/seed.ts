import fs from "node:fs/promises";
import { sql, type Kysely } from "kysely";
import { readFontFacts } from "../catalogue/font-reader.js";
import type { Database } from "../db/schema.js";
import { npmLocation, type FontStorage } from "../storage/font-storage.js";
import { decodedSlice } from "./decoded-slices.js";
import { VARIABLE_FAMILY_SEEDS, type VariableFamilySeed } from "./families.js";
import { variableFontLicense } from "./license.js";
import { packageSlices, type CodepointRange, type PackageSlice } from "./package-slices.js";
import { variableDb, type VariableDb } from "./tables.js";
import { readVariationFacts, type VariationFacts } from "./variation-tables.js";
import { formatStoredRanges } from "./stored-ranges.js";

/** Any constant shared by every process seeding the same database, distinct from the catalogue's. */
const SEED_LOCK_KEY = 20_250_330;

/**
 * Adds every family of VARIABLE_FAMILY_SEEDS the database does not have yet, read from its package's
 * files; families already there are left alone. Returns the numbers added.
 */
export async function seedVariableFonts(database: Kysely<Database>, storage: FontStorage): Promise<string[]> {
  const db = variableDb(database);
  const present = new Set((await db.selectFrom("variable_font").select("gno").execute()).map((row) => row.gno));
  const missing = VARIABLE_FAMILY_SEEDS.filter((seed) => !present.has(seed.gno));
  if (missing.length === 0) return [];
  const prepared: PreparedFamily[] = [];
  for (const [index, seed] of VARIABLE_FAMILY_SEEDS.entries()) {
    if (!missing.includes(seed)) continue;
    // A family whose package is gone or unreadable stays out; the others, and the site, still start.
    const family = await prepareFamily(seed, index + 1, storage).catch((error: unknown) => {
      console.warn(`可变字体 ${seed.gno}（${seed.packageName}）无法读取，未收录：${String(error)}`);
      return null;
    });
    if (family) prepared.push(family);
  }
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const added: string[] = [];
    for (const family of prepared) {
      const exists = await trx
        .selectFrom("variable_font")
        .select("gno")
        .where("gno", "=", family.seed.gno)
        .executeTakeFirst();
      if (exists) continue;
      await insertFamily(trx, family);
      added.push(family.seed.gno);
    }
    return added;
  });
}

type PreparedFamily = {
  seed: VariableFamilySeed;
  sort: number;
  slices: PackageSlice[];
  familyName: string;
  variation: VariationFacts;
  facts: ReturnType<typeof readFontFacts>;
  license: NonNullable<ReturnType<typeof variableFontLicense>>;
};

async function prepareFamily(
  seed: VariableFamilySeed,
  sort: number,
  storage: FontStorage,
): Promise<PreparedFamily | null> {
  const slices = packageSlices(seed.packageName);
  // Every slice is cut from the same font: its tables other than the glyphs are the same in each.
  const reference = slices.find((slice) => covers(slice.ranges, 0x41)) ?? slices[0]!;
  const decoded = await decodedSlice(storage, npmLocation(reference.packageFile));
  if (!decoded) throw new Error(`可变字体文件缺失：${reference.packageFile}`);
  const bytes = await fs.readFile(decoded.path);
  const facts = readFontFacts(bytes);
  const variation = readVariationFacts(bytes);
  if (!variation) {
    console.warn(`${seed.packageName} 不是可变字体（没有 fvar 表），未收录`);
    return null;
  }
  const license = variableFontLicense(facts, seed.packageName);
  if (!license) {
    console.warn(`可变字体 ${seed.gno}（${seed.packageName}）的授权无法确认，未收录`);
    return null;
  }
  return { seed, sort, slices, familyName: familyNameOf(facts, variation), variation, facts, license };
}

/**
 * The web builds name the family after their default instance (`Noto Sans SC Thin`, `Recursive Sans
 * Linear Light`) when they lack name ID 16: that instance's name is cut from the end.
 */
function familyNameOf(facts: { familyName: string }, variation: VariationFacts): string {
  const defaults = variation.axes.map((axis) => axis.default);
  const defaultInstance = variation.instances.find((instance) =>
    variation.axes.every((axis, index) => instance.coordinates[axis.tag] === defaults[index]),
  );
  const suffix = defaultInstance?.name;
  const name = facts.familyName.trim();
  if (suffix && suffix !== "Regular" && name.endsWith(` ${suffix}`)) return name.slice(0, -suffix.length - 1);
  return name;
}

async function insertFamily(trx: VariableDb, family: PreparedFamily): Promise<void> {
  const { seed, facts, license, variation } = family;
  await trx
    .insertInto("variable_font")
    .values({
      gno: seed.gno,
      sort: family.sort,
      package_name: seed.packageName,
      family_name: family.familyName,
      name_zh: seed.nameZh,
      description: seed.description,
      category: seed.category,
      featured: seed.featured,
      sample_text: seed.sampleText,
      codepoint_count: countCodepoints(family.slices.flatMap((slice) => slice.ranges)),
      version: facts.version,
      copyright: facts.copyright,
      designer: facts.designer,
      license_code: license.code,
      license_name: license.name,
      license_url: license.url,
      commercial_use: license.commercialUse,
      commercial_label: license.commercialLabel,
      license_source: license.commercialSource,
    })
    .execute();
  await trx
    .insertInto("variable_font_axis")
    .values(
      variation.axes.map((axis, position) => ({
        font_gno: seed.gno,
        position,
        tag: axis.tag,
        name: axis.name,
        min_value: axis.min,
        default_value: axis.default,
        max_value: axis.max,
        hidden: axis.hidden,
      })),
    )
    .execute();
  if (variation.instances.length > 0) {
    await trx
      .insertInto("variable_font_instance")
      .values(
        variation.instances.map((instance, position) => ({
          font_gno: seed.gno,
          position,
          name: instance.name,
          coordinates: JSON.stringify(instance.coordinates),
        })),
      )
      .execute();
  }
  await trx
    .insertInto("variable_font_slice")
    .values(
      family.slices.map((slice, position) => ({
        font_gno: seed.gno,
        position,
        slice_key: slice.key,
        woff2_location: npmLocation(slice.packageFile),
        codepoint_ranges: formatStoredRanges(slice.ranges),
      })),
    )
    .execute();
}

function covers(ranges: readonly CodepointRange[], codepoint: number): boolean {
  return ranges.some(([first, last]) => codepoint >= first && codepoint <= last);
}

/** Code points in the union of `ranges` (slices may overlap). */
function countCodepoints(ranges: CodepointRange[]): number {
  const sorted = [...ranges].sort((a, b) => a[0] - b[0]);
  let count = 0;
  let reached = -1;
  for (const [first, last] of sorted) {
    if (last <= reached) continue;
    count += last - Math.max(first, reached + 1) + 1;
    reached = last;
  }
  return count;
}
