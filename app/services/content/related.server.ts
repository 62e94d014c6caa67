import { isApiError } from "~/services/api-client.server";
import { rankRelated } from "~/components/content/related";

/** How many related items a detail page suggests. */
const RELATED_COUNT = 3;
/** The newest items the related ones are picked from. */
const RELATED_SCAN_SIZE = 30;

/** Side lists of a detail page are extras: when the backend refuses one, the page shows without it. */
export function noneOnApiError<T>(list: Promise<T[]>): Promise<T[]> {
  return list.catch((error: unknown) => {
    if (!isApiError(error)) throw error;
    return [];
  });
}

type Tagged = { id: number; tags: Array<{ id: number }> };

/** Items of the newest page of `list` that share the most tags with `item` (see `rankRelated`), or none on a refusal. */
export function loadRelated<T extends Tagged>(
  item: Tagged,
  list: (query: { size: number }) => Promise<{ records: T[] }>,
): Promise<T[]> {
  return noneOnApiError(
    list({ size: RELATED_SCAN_SIZE }).then((page) => rankRelated(item, page.records, RELATED_COUNT)),
  );
}
