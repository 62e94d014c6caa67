import type { Page, PageQuery } from "../../contract/envelope.js";

/** One page of a list of `total` records, of which `records` are the ones on page `current`. */
export function toPage<T>(records: T[], total: number, { current, size }: PageQuery): Page<T> {
  return { records, total, current, size, pages: Math.ceil(total / size) };
}
