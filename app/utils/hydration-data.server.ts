/**
 * A page's loader data as Remix streams it to the browser for hydration (single fetch: turbo-stream's
 * flat format, decoded by `window.__remixContext.stream`), made in two halves: the routes' data
 * shared by every visitor, encoded once per kept page, and the root's data, encoded per answer
 * after it. Only what loaders return as JSON is taken (plain objects, arrays, strings, finite
 * numbers, booleans, null, undefined); anything else throws, and the page is rendered as before.
 */

/** turbo-stream's references standing for values that have no entry of their own. */
const UNDEFINED = -7;
const NULL = -5;
const HOLE = -1;

/** Entries 0–4: `{loaderData, actionData: null, errors: null}`; the loaderData object is entry 2. */
const LOADER_DATA_ENTRY = 2;
const TOP_ENTRIES = ['{"_1":2,"_3":-5,"_4":-5}', '"loaderData"', "", '"actionData"', '"errors"'];

/** Writes values into `entries`, the first of which is entry number `first` of the whole. */
class Flattener {
  private readonly indices = new Map<unknown, number>();

  constructor(
    readonly entries: string[],
    private readonly first = 0,
  ) {}

  ref(value: unknown): number {
    if (value === undefined) return UNDEFINED;
    if (value === null) return NULL;
    const known = this.indices.get(value);
    if (known !== undefined) return known;
    const slot = this.entries.push("") - 1;
    const index = this.first + slot;
    this.indices.set(value, index);
    this.entries[slot] = this.encode(value);
    return index;
  }

  private encode(value: unknown): string {
    switch (typeof value) {
      case "string":
      case "boolean":
        return JSON.stringify(value);
      case "number":
        if (!Number.isFinite(value) || Object.is(value, -0)) break;
        return JSON.stringify(value);
      case "object": {
        if (Array.isArray(value)) {
          let out = "[";
          for (let index = 0; index < value.length; index++) {
            out += (index ? "," : "") + (index in value ? this.ref(value[index]) : HOLE);
          }
          return `${out}]`;
        }
        if (Object.getPrototypeOf(value) !== Object.prototype) break;
        const record = value as Record<string, unknown>;
        return `{${Object.keys(record)
          .map((key) => `"_${this.ref(key)}":${this.ref(record[key])}`)
          .join(",")}}`;
      }
    }
    throw new TypeError(`loader data that is not JSON: ${Object.prototype.toString.call(value)}`);
  }
}

/** The shared half: every route's data but the root's, and where the root's goes. */
export type SharedHydrationData = { entries: string[]; rootIndex: number };

export function encodeSharedHydrationData(loaderData: Record<string, unknown>): SharedHydrationData {
  const entries = [...TOP_ENTRIES];
  const flattener = new Flattener(entries);
  const fields: string[] = [];
  let rootKey = -1;
  for (const routeId of Object.keys(loaderData)) {
    const key = flattener.ref(routeId);
    if (routeId === "root") rootKey = key;
    else fields.push(`"_${key}":${flattener.ref(loaderData[routeId])}`);
  }
  if (rootKey === -1) rootKey = flattener.ref("root");
  const rootIndex = entries.length;
  entries[LOADER_DATA_ENTRY] = `{${[`"_${rootKey}":${rootIndex}`, ...fields].join(",")}}`;
  return { entries, rootIndex };
}

/** The root's half: its entries, the first of them the root's data, numbered from `rootIndex`. */
export function encodeRootHydrationData(root: unknown, rootIndex: number): string[] {
  const entries: string[] = [];
  new Flattener(entries, rootIndex).ref(root);
  return entries;
}
