type Tagged = { id: number; tags: Array<{ id: number }> };

/**
 * Other items to suggest beside `item`: those sharing the most tags first, then in the list's own
 * order (newest first); never the item itself.
 */
export function rankRelated<T extends Tagged>(item: Tagged, candidates: T[], count: number): T[] {
  const tagIds = new Set(item.tags.map((tag) => tag.id));
  return candidates
    .filter((candidate) => candidate.id !== item.id)
    .map((candidate, order) => ({
      candidate,
      order,
      shared: candidate.tags.filter((tag) => tagIds.has(tag.id)).length,
    }))
    .sort((a, b) => b.shared - a.shared || a.order - b.order)
    .slice(0, count)
    .map(({ candidate }) => candidate);
}
