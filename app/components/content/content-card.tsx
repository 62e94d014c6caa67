import type { ReactNode } from "react";
import { cn } from "~/utils/misc";
import { useStaticUrl } from "~/utils/root-data";
import { LazyImage } from "~/components/ui/lazy-image";
import { CLIENT_LINKS } from "~/utils/client-links";

export type CardImage = { src: string; width: number; height: number };

/** The artwork's own proportions, so a card keeps its height before the image has loaded. */
export const COVER_SIZES = {
  album: { width: 800, height: 600 },
  case: { width: 780, height: 760 },
  news: { width: 1200, height: 675 },
  video: { width: 1280, height: 720 },
} as const;

export type ContentCardProps = {
  href: string;
  title: string;
  summary?: string;
  image?: CardImage | null;
  /** Shown over the image's corner (a video's length, an album's font count). */
  badge?: ReactNode;
  meta?: ReactNode;
  tags?: Array<{ id: number; name: string }>;
  /** For finding the card: `data-content-id`. */
  id: number;
};

type CardKind = keyof typeof COVER_SIZES;

/** What every card of an album, case, news item or video shows: its link, title, summary and cover. */
export function contentCardBasics(
  kind: CardKind,
  item: { id: number; title: string; summary: string },
  coverSrc: string,
): Pick<ContentCardProps, "id" | "href" | "title" | "summary" | "image"> {
  return {
    id: item.id,
    href: `/${kind}/${item.id}`,
    title: item.title,
    summary: item.summary,
    image: { src: coverSrc, ...COVER_SIZES[kind] },
  };
}

/** A card in a content grid: cover, title, one or two lines of summary, tags and a line of facts. */
export function ContentCard({ href, title, summary, image, badge, meta, tags, id }: ContentCardProps) {
  const asset = useStaticUrl();
  return (
    <article className="content-card" data-content-id={id}>
      {image ? (
        <a href={href} className="content-card__media" tabIndex={-1} aria-hidden="true">
          <LazyImage
            src={asset(image.src)}
            alt=""
            width={image.width}
            height={image.height}
            className="content-card__image"
          />
          {badge ? <span className="content-card__badge">{badge}</span> : null}
        </a>
      ) : null}
      <div className="content-card__body">
        <h3 className="content-card__title">
          <a href={href}>{title}</a>
        </h3>
        {summary ? <p className="content-card__summary">{summary}</p> : null}
        {tags && tags.length > 0 ? (
          <ul className="content-card__tags" aria-label="标签">
            {tags.map((tag) => (
              <li key={tag.id}>#{tag.name}</li>
            ))}
          </ul>
        ) : null}
        {meta ? <p className="content-card__meta">{meta}</p> : null}
      </div>
    </article>
  );
}

/** Cards in a responsive grid, each child an `<li>`; `wide` cards (news, videos) take more room each. */
export function ContentGrid({
  children,
  label,
  variant = "default",
}: {
  children: ReactNode;
  label: string;
  variant?: "default" | "wide";
}) {
  return (
    <ul {...CLIENT_LINKS} className={cn("content-grid", variant === "wide" && "content-grid--wide")} aria-label={label}>
      {children}
    </ul>
  );
}
