import { Link } from "@remix-run/react";

export type FilterTag = { id: number; name: string; count?: number };

export type TagFilterProps = {
  tags: FilterTag[];
  /** The tag the list is filtered by. */
  current: number | undefined;
  /** Where a tag leads (`undefined`: every tag). */
  hrefFor: (tagId: number | undefined) => string;
  label: string;
};

/** 全部 and one chip per tag; plain links, so filtering works without JavaScript. */
export function TagFilter({ tags, current, hrefFor, label }: TagFilterProps) {
  if (tags.length === 0) return null;
  return (
    <nav className="content-tags" aria-label={label}>
      <ul className="content-tags__list">
        <li>
          <Link to={hrefFor(undefined)} className="chip" aria-current={current === undefined ? "true" : undefined}>
            全部
          </Link>
        </li>
        {tags.map((tag) => (
          <li key={tag.id}>
            <Link
              to={hrefFor(tag.id)}
              className="chip"
              data-tag={tag.id}
              aria-current={tag.id === current ? "true" : undefined}
            >
              {tag.name}
              {tag.count !== undefined ? <span className="content-tags__count">{tag.count}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
