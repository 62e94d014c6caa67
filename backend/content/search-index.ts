import { sql } from "kysely";
import { SEARCH_KINDS, type SearchCounts, type SearchKind, type SearchResult } from "../../contract/content.js";
import type { AssetUrl } from "../catalogue/urls.js";
import { snippetAround } from "./plain-text.js";
import { indexWords, queryWords } from "./segmenter.js";
import type { ContentDb } from "./tables.js";

/** One searchable item as the index keeps it. */
export type SearchDocument = {
  kind: SearchKind;
  /** A font's gno, or the item's id as text. */
  refId: string;
  title: string;
  /** Plain text, not Markdown. */
  body: string;
  cover: string | null;
  /** The website's page for the item. */
  path: string;
  publishedAt: string;
};

/**
 * Adds `document` to the index, or replaces what the index holds for the same item. The title's
 * words get weight A and the body's weight B, so a title match outranks a body match.
 */
export async function indexDocument(db: ContentDb, document: SearchDocument): Promise<void> {
  const { kind, refId, title, body, cover, path, publishedAt } = document;
  await sql`
    insert into search_document (kind, ref_id, title, body, cover, path, published_at, document)
    values (
      ${kind}, ${refId}, ${title}, ${body}, ${cover}, ${path}, cast(${publishedAt} as timestamptz),
      setweight(to_tsvector('simple', cast(${indexWords(title)} as text)), 'A')
        || setweight(to_tsvector('simple', cast(${indexWords(body)} as text)), 'B')
    )
    on conflict (kind, ref_id) do update set
      title = excluded.title, body = excluded.body, cover = excluded.cover, path = excluded.path,
      published_at = excluded.published_at, document = excluded.document
  `.execute(db);
}

type SearchRow = {
  kind: SearchKind;
  ref_id: string;
  title: string;
  body: string;
  cover: string | null;
  path: string;
  published_at: Date | string;
};

/**
 * One page of the items matching every word of `keyword`, of `kind` or of every kind: those whose
 * title matches first, then by rank (title words weigh more than body words), then newest.
 */
export async function searchDocuments(
  db: ContentDb,
  {
    keyword,
    kind,
    limit,
    offset,
    assetUrl,
  }: {
    keyword: string;
    kind: SearchKind | undefined;
    limit: number;
    offset: number;
    assetUrl: AssetUrl;
  },
): Promise<{ records: SearchResult[]; total: number }> {
  const words = queryWords(keyword);
  if (words.length === 0) return { records: [], total: 0 };
  const query = sql`plainto_tsquery('simple', cast(${words.join(" ")} as text))`;
  const ofKind = kind ? sql`and kind = ${kind}` : sql``;

  const [{ rows: counted }, { rows }] = await Promise.all([
    sql<{ total: number | string }>`
      select count(*) as total from search_document where document @@ ${query} ${ofKind}
    `.execute(db),
    sql<SearchRow>`
      select kind, ref_id, title, body, cover, path, published_at
      from search_document
      where document @@ ${query} ${ofKind}
      order by
        ts_filter(document, '{a}') @@ ${query} desc,
        ts_rank('{0.05, 0.1, 0.4, 1.0}', document, ${query}) desc,
        published_at desc, kind, ref_id
      limit ${limit} offset ${offset}
    `.execute(db),
  ]);

  return {
    total: Number(counted[0]?.total ?? 0),
    records: rows.map((row) => ({
      kind: row.kind,
      id: row.ref_id,
      title: row.title,
      snippet: snippetAround(row.body, [keyword, ...words]),
      date: new Date(row.published_at).toISOString(),
      cover: row.cover === null ? null : assetUrl(row.cover),
      path: row.path,
    })),
  };
}

/** How many items of each kind match every word of `keyword`. */
export async function countDocuments(db: ContentDb, keyword: string): Promise<SearchCounts> {
  const counts = Object.fromEntries(SEARCH_KINDS.map((kind) => [kind, 0])) as SearchCounts["counts"];
  const words = queryWords(keyword);
  if (words.length > 0) {
    const { rows } = await sql<{ kind: SearchKind; count: number | string }>`
      select kind, count(*) as count from search_document
      where document @@ plainto_tsquery('simple', cast(${words.join(" ")} as text))
      group by kind
    `.execute(db);
    for (const row of rows) counts[row.kind] = Number(row.count);
  }
  return { keyword, total: Object.values(counts).reduce((sum, count) => sum + count, 0), counts };
}
