import type { ReactNode } from "react";
import type { HomeContent } from "~/services/content.server";
import { ContentCard, ContentGrid, contentCardBasics } from "./content-card";
import { formatChinaDate, formatDuration } from "./format";
import { CLIENT_LINKS } from "~/utils/client-links";

/** A home page section: a heading (its id labels the section) with a "more" link, then the content. */
export function HomeSection({
  id,
  title,
  more,
  moreLabel = "查看更多 →",
  modifier,
  children,
}: {
  id: string;
  title: string;
  more: string;
  moreLabel?: string;
  modifier?: "categories" | "alt";
  children: ReactNode;
}) {
  return (
    <section className={modifier ? `home-section home-section--${modifier}` : "home-section"} aria-labelledby={id}>
      <div className="container">
        <header {...CLIENT_LINKS} className="section-head">
          <h2 id={id} className="section-head__title">
            {title}
          </h2>
          <a href={more} className="section-head__more">
            {moreLabel}
          </a>
        </header>
        {children}
      </div>
    </section>
  );
}

/** The home page's albums, cases, videos and news, each section shown only when it has items. */
export function HomeContentSections({ content }: { content: HomeContent }) {
  const { albums, cases, videos, news } = content;
  return (
    <div className="content-home">
      {albums.length > 0 ? (
        <HomeSection id="home-albums-title" title="字体专辑" more="/album">
          <ContentGrid label="字体专辑">
            {albums.map((album) => (
              <li key={album.id}>
                <ContentCard {...contentCardBasics("album", album, album.cover)} badge={`${album.fontCount} 款字体`} />
              </li>
            ))}
          </ContentGrid>
        </HomeSection>
      ) : null}

      {cases.length > 0 ? (
        <HomeSection id="home-cases-title" title="用字案例" more="/case" modifier="alt">
          <ContentGrid label="用字案例">
            {cases.map((item) => (
              <li key={item.id}>
                <ContentCard {...contentCardBasics("case", item, item.cover)} />
              </li>
            ))}
          </ContentGrid>
        </HomeSection>
      ) : null}

      {videos.length > 0 ? (
        <HomeSection id="home-videos-title" title="视频" more="/video">
          <ContentGrid label="视频" variant="wide">
            {videos.map((video) => (
              <li key={video.id}>
                <ContentCard
                  {...contentCardBasics("video", video, video.poster)}
                  badge={formatDuration(video.durationSeconds)}
                />
              </li>
            ))}
          </ContentGrid>
        </HomeSection>
      ) : null}

      {news.length > 0 ? (
        <HomeSection id="home-news-title" title="资讯" more="/news" modifier="alt">
          <ul {...CLIENT_LINKS} className="content-home__news" aria-label="最新资讯">
            {news.map((article) => (
              <li key={article.id}>
                <a href={`/news/${article.id}`}>{article.title}</a>
                <time dateTime={article.publishedAt}>{formatChinaDate(article.publishedAt)}</time>
              </li>
            ))}
          </ul>
        </HomeSection>
      ) : null}
    </div>
  );
}
