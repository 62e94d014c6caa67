import { Link } from "@remix-run/react";
import type { ReactNode } from "react";
import { cn } from "~/utils/misc";
import { useStaticUrl } from "~/utils/root-data";
import { ContentCard, ContentGrid, type CardImage, type ContentCardProps } from "./content-card";
import { LazyImage } from "~/components/ui/lazy-image";

type Tag = { id: number; name: string };

/**
 * A content item's header: an optional cover beside the title, the summary, a line of facts
 * (`meta`), the item's tags (each a link to the list filtered by it) and a slot for actions.
 * `metaFirst` puts the line of facts right under the title, as articles and videos have it.
 */
export function ContentDetailHead({
  title,
  summary,
  meta,
  cover,
  tags,
  actions,
  metaFirst = false,
}: {
  title: string;
  summary: string;
  meta: ReactNode;
  cover?: CardImage & { square?: boolean };
  /** `list`: a row of tags under the facts; `inline`: at the end of the line of facts. */
  tags?: { items: Tag[]; listPath: string; layout: "list" | "inline" };
  actions?: ReactNode;
  metaFirst?: boolean;
}) {
  const asset = useStaticUrl();
  const tagLinks = (tags?.items ?? []).map((tag) => (
    <Link key={tag.id} to={`${tags!.listPath}?tag=${tag.id}`} className="chip chip--small">
      #{tag.name}
    </Link>
  ));
  const summaryLine = <p className="content-detail__summary">{summary}</p>;
  const metaLine = (
    <p className="content-detail__meta">
      {meta}
      {tags?.layout === "inline" ? tagLinks : null}
    </p>
  );
  const intro = (
    <>
      <h1 className="content-detail__title">{title}</h1>
      {metaFirst ? metaLine : summaryLine}
      {metaFirst ? summaryLine : metaLine}
      {tags?.layout === "list" && tagLinks.length > 0 ? (
        <ul className="content-detail__tags" aria-label="标签">
          {tagLinks.map((link) => (
            <li key={link.key}>{link}</li>
          ))}
        </ul>
      ) : null}
      {actions}
    </>
  );
  if (!cover) return <header className="content-detail__head">{intro}</header>;
  return (
    <header className="content-detail__head content-detail__head--cover">
      <LazyImage
        src={asset(cover.src)}
        alt=""
        width={cover.width}
        height={cover.height}
        className={cn("content-detail__cover", cover.square && "content-detail__cover--square")}
        priority
      />
      <div className="content-detail__intro">{intro}</div>
    </header>
  );
}

/** A titled section of a detail page (the fonts it uses, related items …). */
export function ContentSection({ id, heading, children }: { id: string; heading: ReactNode; children: ReactNode }) {
  return (
    <section className="content-section" aria-labelledby={id}>
      <h2 id={id} className="content-section__title">
        {heading}
      </h2>
      {children}
    </section>
  );
}

/** Cards of other items under a detail page; nothing when there are none. */
export function RelatedList({
  id,
  title,
  items,
  variant,
}: {
  id: string;
  title: string;
  items: ContentCardProps[];
  variant?: "default" | "wide";
}) {
  if (items.length === 0) return null;
  return (
    <ContentSection id={id} heading={title}>
      <ContentGrid label={title} variant={variant}>
        {items.map((card) => (
          <li key={card.id}>
            <ContentCard {...card} />
          </li>
        ))}
      </ContentGrid>
    </ContentSection>
  );
}

type PagerItem = { id: number; title: string } | null;

/** 上一篇 / 下一篇 under an article, linking `<path>/<id>`. */
export function ContentPager({ path, previous, next }: { path: string; previous: PagerItem; next: PagerItem }) {
  return (
    <nav className="content-pager" aria-label="上一篇和下一篇">
      {previous ? (
        <Link to={`${path}/${previous.id}`} rel="prev" className="content-pager__link">
          <small>上一篇</small>
          {previous.title}
        </Link>
      ) : (
        <span />
      )}
      {next ? (
        <Link to={`${path}/${next.id}`} rel="next" className="content-pager__link content-pager__link--next">
          <small>下一篇</small>
          {next.title}
        </Link>
      ) : null}
    </nav>
  );
}
