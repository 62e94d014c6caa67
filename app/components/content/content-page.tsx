import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { useStaticUrl } from "~/utils/root-data";

/** The frame of a content list page: title, a line of introduction, then the page. */
export function ContentListHead({ title, lead, children }: { title: string; lead: string; children?: ReactNode }) {
  return (
    <header className="content-head">
      <h1 className="content-head__title">{title}</h1>
      <p className="content-head__lead">{lead}</p>
      {children}
    </header>
  );
}

/** Nothing to show: what happened and where to go instead. */
export function ContentEmpty({ title, links }: { title: string; links: Array<{ to: string; label: string }> }) {
  const asset = useStaticUrl();
  return (
    <div className="empty-state content-empty" role="status">
      <img src={asset("/images/empty.svg")} alt="" width={200} height={160} />
      <h2>{title}</h2>
      <ul className="empty-state__tips">
        {links.map((link) => (
          <li key={link.to}>
            <Link to={link.to}>{link.label}</Link>
          </li>
        ))}
      </ul>
    </div>
  );
}

/** A short list of links to other items (same tag, previous and next …) beside or under an article. */
export function RelatedLinks({
  title,
  items,
  current,
}: {
  title: string;
  items: Array<{ to: string; label: string; id: number }>;
  current?: number;
}) {
  if (items.length === 0) return null;
  return (
    <section className="content-related" aria-label={title}>
      <h2 className="content-related__title">{title}</h2>
      <ul className="content-related__list">
        {items.map((item) => (
          <li key={item.id}>
            {item.id === current ? (
              <span aria-current="page">{item.label}</span>
            ) : (
              <Link to={item.to}>{item.label}</Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
