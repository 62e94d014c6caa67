import fs from "node:fs/promises";
import { sql, type Kysely, type Transaction } from "kysely";
import type { Database } from "../db/schema.js";
import type { FontStorage } from "../storage/font-storage.js";
import { CHARSETS, charsetCoverage, type CharsetCoverage } from "./charsets.js";
import { toRanges, type CodepointRange } from "../subset/codepoint-ranges.js";
import { WEIGHT_NAMES } from "../../contract/catalogue.js";
import { FAMILY_SEEDS, FIRST_FONT_GNO, type FamilySeed } from "./families.js";
import { prepareFontFile, type StoredFontFile } from "./font-files.js";
import { readFontFacts, type FontFacts } from "./font-reader.js";
import { classifyLicense, KNOWN_LICENSES, type ClassifiedLicense } from "./license.js";
import { ADVERTS, FONT_SORT_NAMES, FRIEND_LINKS, HOT_KEYWORDS, WEB_COLUMNS } from "./site-content.js";
import { STYLE_CATEGORIES } from "./style-categories.js";

/** Any constant shared by every process seeding the same database. */
const SEED_LOCK_KEY = 20_250_001;

type FamilyFiles = { family: FamilySeed; files: Array<{ gno: string; stored: StoredFontFile }> };

/** Gives the families of these fonts a showcase video, where they have none yet. */
export async function linkFamiliesToVideo(db: Kysely<Database>, fontGnos: string[], videoUrl: string): Promise<void> {
  if (fontGnos.length === 0) return;
  await db
    .updateTable("font_family")
    .set({ video_url: videoUrl })
    .where("video_url", "is", null)
    .where("id", "in", db.selectFrom("font").select("family_id").where("gno", "in", fontGnos))
    .execute();
}

/**
 * Fills the catalogue from the font files installed with the npm packages of FAMILY_SEEDS: on the
 * first start every family, later only the families whose slug the database does not have yet, so
 * a family appended to FAMILY_SEEDS reaches an existing database on its next start. Font numbers
 * depend only on the order of FAMILY_SEEDS, so they are the same on every machine as long as new
 * families are appended.
 */
export async function seedCatalogue(db: Kysely<Database>, storage: FontStorage): Promise<{ seeded: boolean }> {
  const families = await prepareFamilyFiles(storage);
  return db.transaction().execute(async (trx) => {
    await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
    const present = new Set((await trx.selectFrom("font_family").select("slug").execute()).map((row) => row.slug));
    const missing = families.filter(({ family }) => !present.has(family.slug));
    if (missing.length === 0) return { seeded: false };
    if (present.size === 0) await insertReferenceData(trx);
    const tagIds = await insertTags(trx);
    for (const family of missing) await insertFamily(trx, family, storage, tagIds);
    return { seeded: true };
  });
}

async function prepareFamilyFiles(storage: FontStorage): Promise<FamilyFiles[]> {
  let gno = FIRST_FONT_GNO;
  const families: FamilyFiles[] = [];
  for (const family of FAMILY_SEEDS) {
    const files = [];
    for (const source of family.files)
      files.push({ gno: String(gno++), stored: await prepareFontFile(source, storage) });
    families.push({ family, files });
  }
  return families;
}

async function insertReferenceData(trx: Transaction<Database>): Promise<void> {
  await trx
    .insertInto("style_category")
    .values(
      STYLE_CATEGORIES.map(({ code, name, url, imageDark, imageLight, sort }) => ({
        code,
        name,
        url,
        image_dark: imageDark,
        image_light: imageLight,
        sort,
      })),
    )
    .execute();
  await trx
    .insertInto("license")
    .values(
      KNOWN_LICENSES.map(({ code, name, commercialUse, commercialLabel }) => ({
        code,
        name,
        commercial_use: commercialUse,
        commercial_label: commercialLabel,
      })),
    )
    .execute();
  await trx
    .insertInto("charset")
    .values(CHARSETS.map(({ code, name, sort, codepoints }) => ({ code, name, sort, total: codepoints().size })))
    .execute();
  await trx.insertInto("dictionary").values(dictionaryRows()).execute();
  await trx
    .insertInto("hot_keyword")
    .values(HOT_KEYWORDS.map((keyword, index) => ({ keyword, sort: index + 1 })))
    .execute();
  await trx
    .insertInto("friend_link")
    .values(
      FRIEND_LINKS.map(({ name, link, linkType }, index) => ({ name, link, link_type: linkType, sort: index + 1 })),
    )
    .execute();
  await trx
    .insertInto("web_column")
    .values(WEB_COLUMNS.map((column, index) => ({ ...column, sort: index + 1 })))
    .execute();
  await trx
    .insertInto("advert")
    .values(ADVERTS.map((advert, index) => ({ ...advert, sort: index + 1 })))
    .execute();
}

function dictionaryRows(): Database["dictionary"][] {
  const category = (name: string, entries: Array<[number: string, name: string]>) =>
    entries.map(([dictNumber, dictName], index) => ({
      category: name,
      dict_number: dictNumber,
      dict_name: dictName,
      sort: index + 1,
    }));
  return [
    ...category(
      "style",
      STYLE_CATEGORIES.map(({ code, name }) => [code, name]),
    ),
    ...category(
      "license",
      KNOWN_LICENSES.map(({ code, name }) => [code, name]),
    ),
    ...category(
      "charset",
      CHARSETS.map(({ code, name }) => [code, name]),
    ),
    ...category("sort", Object.entries(FONT_SORT_NAMES)),
    ...category("weight", Object.entries(WEIGHT_NAMES)),
  ];
}

/** Adds the tags of FAMILY_SEEDS the database lacks; answers every tag's id by name. */
async function insertTags(trx: Transaction<Database>): Promise<Map<string, number>> {
  const existing = await trx.selectFrom("tag").select(["id", "name", "sort"]).execute();
  const known = new Set(existing.map((row) => row.name));
  const lastSort = Math.max(0, ...existing.map((row) => row.sort));
  const names = [...new Set(FAMILY_SEEDS.flatMap((family) => family.tags))].filter((name) => !known.has(name));
  const added = names.length
    ? await trx
        .insertInto("tag")
        .values(names.map((name, index) => ({ name, sort: lastSort + index + 1 })))
        .returning(["id", "name"])
        .execute()
    : [];
  return new Map([...existing, ...added].map((row) => [row.name, row.id]));
}

type AcceptedFont = {
  gno: string;
  stored: StoredFontFile;
  size: number;
  facts: FontFacts;
  license: ClassifiedLicense;
  charsets: CharsetCoverage[];
};

async function insertFamily(
  trx: Transaction<Database>,
  { family, files }: FamilyFiles,
  storage: FontStorage,
  tagIds: Map<string, number>,
): Promise<void> {
  const fonts: AcceptedFont[] = [];
  for (const { gno, stored } of files) {
    const bytes = await fs.readFile(storage.resolve(stored.ttf));
    const facts = readFontFacts(bytes);
    const license = classifyLicense(facts.licenseDescription, facts.licenseUrl);
    if (!license) {
      console.warn(`字体 ${gno}（${stored.ttf}）的授权无法确认，未收录`);
      continue;
    }
    const charsets = charsetCoverage(new Set(facts.codepoints));
    fonts.push({ gno, stored, size: bytes.byteLength, facts, license, charsets });
  }
  if (fonts.length === 0) return;

  const defaultFont = fonts.reduce((best, font) =>
    Math.abs(font.facts.weight - 400) < Math.abs(best.facts.weight - 400) ? font : best,
  );
  const { id: familyId } = await trx
    .insertInto("font_family")
    .values({
      slug: family.slug,
      name_zh: family.nameZh,
      name_en: defaultFont.facts.familyName,
      pinyin: family.pinyin,
      description: family.description,
      video_url: family.videoUrl,
      recommend_sort: family.recommendSort,
      created_at: family.createdAt,
    })
    .returning("id")
    .executeTakeFirstOrThrow();

  for (const font of fonts) {
    const isDefault = font === defaultFont;
    const downloads = isDefault ? family.initialDownloads : Math.round(family.initialDownloads / 8);
    await trx
      .insertInto("font")
      .values({
        gno: font.gno,
        family_id: familyId,
        name_en: font.facts.fullName ?? `${font.facts.familyName} ${font.facts.styleName}`,
        style_name: font.facts.styleName,
        weight: font.facts.weight,
        weight_name: WEIGHT_NAMES[font.facts.weight] ?? String(font.facts.weight),
        is_default: isDefault,
        file_location: font.stored.ttf,
        file_size: font.size,
        woff2_location: font.stored.woff2,
        version: font.facts.version,
        copyright: font.facts.copyright,
        designer: font.facts.designer,
        foundry: font.facts.foundry,
        license_code: font.license.code,
        license_url: font.license.url,
        license_source: font.license.commercialSource,
        license_text: font.facts.licenseDescription ?? "",
        glyph_count: font.facts.glyphCount,
        codepoint_count: font.facts.codepoints.length,
        downloads,
        views: downloads * 6 + 40,
        created_at: family.createdAt,
      })
      .execute();
    await trx
      .insertInto("font_charset")
      .values(font.charsets.map(({ code, covered }) => ({ font_gno: font.gno, charset_code: code, covered })))
      .execute();
    // The can-render filter judges a family by its default font, so only that font's cmap is kept:
    // the other weights share it, and storing theirs nearly doubled the start-up time for nothing.
    if (isDefault) await insertCodepointRanges(trx, font.gno, toRanges(font.facts.codepoints));
  }

  // 免费 lists the families free for commercial use: derived from the licenses, not written by hand.
  const styles = new Set(family.styles);
  if (fonts.some((font) => font.license.commercialUse)) styles.add("free");
  await trx
    .insertInto("font_family_style")
    .values([...styles].map((style_code) => ({ family_id: familyId, style_code })))
    .execute();
  await trx
    .insertInto("font_family_tag")
    .values(family.tags.map((tag) => ({ family_id: familyId, tag_id: tagIds.get(tag)! })))
    .execute();
}

/** Two array parameters instead of a parameter per value: a font can have thousands of ranges. */
async function insertCodepointRanges(trx: Transaction<Database>, gno: string, ranges: CodepointRange[]): Promise<void> {
  const firsts = ranges.map(([first]) => first);
  const lasts = ranges.map(([, last]) => last);
  await sql`
    insert into font_codepoint_range (font_gno, range_start, range_end)
    select ${gno}, range.first, range.last
    from unnest(cast(${firsts} as integer[]), cast(${lasts} as integer[])) as range(first, last)
  `.execute(trx);
}
