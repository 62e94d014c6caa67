import { Link, useLoaderData, useSearchParams } from "@remix-run/react";
import type { MetaFunction, LoaderFunctionArgs } from "@remix-run/node";
import type { HomeData } from "@contract/catalogue";
import { STYLE_CARDS_SHOWN_FIRST } from "@contract/catalogue-values";
import {
  fontHref,
  licenseLabel,
  previewFontFamily,
  type PreviewFace,
  type ShowcaseFont,
  toShowcaseFont,
} from "~/services/catalogue/fonts";
import { LIST_TEXT_MAX, DEFAULT_PREVIEW_TEXT } from "~/services/catalogue/preview-text";
import { formatCount } from "~/utils/misc";
import { useStaticUrl } from "~/utils/root-data";
import { FontFaces } from "~/components/catalogue/font-faces";
import { ServerMarkup } from "~/components/ui/server-markup";
import { FontList } from "~/components/catalogue/font-list";
import { BannerStrip } from "~/components/catalogue/banner-strip";
import { HomeContentSections, HomeSection } from "~/components/content/home-sections";
import { anonymousPageHeaders } from "~/utils/page-cache";
import { CLIENT_LINKS } from "~/utils/client-links";
import { isApiError } from "~/services/api-client.server";
import { getHomeData } from "~/services/catalogue.server";
import { getHomeContent } from "~/services/content.server";
import { loadPreviewFaces } from "~/services/subset.server";
import { toStyleCardData } from "~/services/catalogue/category-image";
import { bannerDrawing } from "~/services/catalogue/banner-image";
import { styleCardHref, styleCardImage, type StyleCardData } from "~/services/catalogue/style-card";
import { withSocialMeta } from "~/utils/seo/social-meta";

const EMPTY_HOME: Pick<HomeData, "categories" | "recommend" | "newest" | "stats" | "banners"> = {
  categories: [],
  recommend: [],
  newest: [],
  stats: { fontCount: 0, familyCount: 0, freeCommercialCount: 0 },
  banners: [],
};

const RECOMMEND_COUNT = 8;
const NEWEST_COUNT = 6;

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = { request, context };
  let home = EMPTY_HOME;
  let loadError: string | null = null;
  // Loaded alongside the fonts; awaited at the end (the guard only keeps an early throw below from
  // leaving its failure unhandled).
  const content = getHomeContent(caller);
  content.catch(() => undefined);
  try {
    const data = await getHomeData(caller);
    home = {
      categories: [...data.categories].sort((a, b) => a.sort - b.sort),
      recommend: data.recommend,
      newest: data.newest,
      stats: data.stats,
      banners: data.banners
        .filter((banner) => banner.title)
        .sort((a, b) => a.sort - b.sort)
        .map((banner) => ({ ...banner, image: bannerDrawing(banner.image) })),
    };
  } catch (error) {
    if (!isApiError(error)) throw error;
    loadError = error.message;
  }

  const recommend = home.recommend.slice(0, RECOMMEND_COUNT).map(toShowcaseFont);
  const newest = home.newest.slice(0, NEWEST_COUNT).map(toShowcaseFont);
  const previewText = DEFAULT_PREVIEW_TEXT;
  const faces: Record<string, PreviewFace> = await loadPreviewFaces(
    caller,
    [...recommend, ...newest].map((font) => ({ gno: font.fontGNo, text: previewText })),
    { checkCoverage: true },
  );
  return {
    categories: home.categories.map(toStyleCardData),
    recommend,
    newest,
    stats: home.stats,
    banners: home.banners,
    faces,
    previewText,
    loadError,
    content: await content,
  };
}

/** The same for every visitor without a cookie: the server may answer it again for a few seconds. */
export const headers = anonymousPageHeaders;

type HomeStats = HomeData["stats"];

/** Example texts offered under the hero form (plain links, no JS needed). */
const SAMPLE_TEXTS = ["点赞关注不迷路", "今日份快乐", "周末去哪儿", "一起去看海"];

const pageMeta: MetaFunction<typeof loader> = ({ matches }) => {
  const root = matches.find((match) => match.id === "root")?.data as { appTitle?: string } | undefined;
  const title = root?.appTitle ?? "短视频字体";
  return [
    { title: `${title} - 短视频标题、字幕、封面字体在线预览` },
    { name: "description", content: `${title}：输入你的文字，一次预览上百款中文字体，查看免费商用授权并下载。` },
  ];
};

/**
 * The style cards. On phones only the first rows show until the visitor ticks 展开全部 (a checkbox
 * and its label, so it works without JavaScript): the rest would be a screen of cards to scroll past
 * before the first font; folded away, they are neither laid out nor drawn, nor their artwork fetched
 * (with JavaScript on, as lazy images are), until then. The artwork
 * is decorative (each card says its style) and, unless the catalogue names other files, the site's
 * own small WebPs (`styleCardImage`), so a plain lazy `<img>` serves it: the state and observers
 * of a `LazyImage` for each of the thirty-odd cards would be hydration a phone pays on every first
 * visit.
 */
function CategoryGrid({ categories }: { categories: StyleCardData[] }) {
  const asset = useStaticUrl();
  if (!categories.length) return null;
  const folded = categories.length > STYLE_CARDS_SHOWN_FIRST;
  return (
    <>
      {folded ? <input type="checkbox" id="category-more" className="category-more__toggle visually-hidden" /> : null}
      <ul {...CLIENT_LINKS} className="category-grid">
        {categories.map((category, index) => (
          <li
            key={category.code}
            className={
              index < STYLE_CARDS_SHOWN_FIRST
                ? "category-grid__item"
                : "category-grid__item category-grid__item--folded"
            }
          >
            <a href={styleCardHref(category)} className="category-card">
              <picture className="lazy-image__picture">
                <source
                  media="(prefers-color-scheme: dark)"
                  srcSet={asset(styleCardImage(category, "dark"))}
                  width="160"
                  height="100"
                />
                <img
                  src={asset(styleCardImage(category, "light"))}
                  alt=""
                  width="160"
                  height="100"
                  loading="lazy"
                  decoding="async"
                  className="category-card__image"
                />
              </picture>
              <span className="category-card__name">{category.name}</span>
            </a>
          </li>
        ))}
      </ul>
      {folded ? (
        <label htmlFor="category-more" className="btn btn--ghost btn--block category-more">
          <span className="category-more__open">展开全部 {categories.length} 种风格</span>
          <span className="category-more__close">收起</span>
        </label>
      ) : null}
    </>
  );
}

/** The hero's showcase: the sample line in three recommended fonts, each a link to the font. */
function HeroShowcase({
  fonts,
  faces,
  text,
}: {
  fonts: ShowcaseFont[];
  faces: Record<string, PreviewFace>;
  text: string;
}) {
  if (!fonts.length) return null;
  return (
    <ul {...CLIENT_LINKS} className="hero-showcase" aria-label="字体效果示例">
      {fonts.slice(0, 3).map((font) => (
        <li key={font.fontGNo} className="hero-showcase__item">
          <a href={fontHref(font.fontGNo)} className="hero-showcase__link">
            <span className="hero-showcase__text" style={{ fontFamily: previewFontFamily(faces[font.fontGNo]) }}>
              {text}
            </span>
            <span className="hero-showcase__meta">
              <span>{font.familyName}</span>
              <span className="hero-showcase__badge">{licenseLabel(font.license)}</span>
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}

function Stats({ stats }: { stats: HomeStats }) {
  const items = [
    { label: "字体数", value: stats.fontCount },
    { label: "家族数", value: stats.familyCount },
    { label: "免费商用", value: stats.freeCommercialCount },
  ];
  return (
    <dl className="stats-strip">
      {items.map((item) => (
        <div key={item.label} className="stats-strip__item">
          <dt>{item.label}</dt>
          <dd>{formatCount(item.value)}</dd>
        </div>
      ))}
    </dl>
  );
}

export default function HomePage() {
  const data = useLoaderData<typeof loader>();
  const { categories, recommend, newest, stats, banners, faces, previewText, loadError, content } = data;
  const [searchParams] = useSearchParams();
  const asset = useStaticUrl();
  const guarded = searchParams.get("redirect");
  const loginHref = `/account/login?${new URLSearchParams({ redirect: guarded && guarded.startsWith("/") ? guarded : "/" })}`;

  return (
    <div className="home">
      <FontFaces faces={faces} />
      <section className="hero" aria-labelledby="hero-title">
        <div className="container hero__inner">
          <div className="hero__main">
            {guarded ? (
              <p className="notice notice--dark" role="status">
                该页面需要登录后访问，<Link to={loginHref}>立即登录</Link>
              </p>
            ) : null}
            <p className="hero__eyebrow">短视频标题 · 字幕 · 封面 · 花字</p>
            <h1 id="hero-title" className="hero__title">
              输入你的文字，
              <br />
              <span className="hero__accent">一次看遍</span>好字体
            </h1>
            <p className="hero__lead">
              {stats.fontCount > 0
                ? `收录 ${formatCount(stats.familyCount)} 个字体家族、${formatCount(stats.fontCount)} 款字重，商用授权一目了然。`
                : "标题、字幕、封面用什么字？输入文字，对比效果，查清授权。"}
            </p>
            <form method="get" action="/font" className="try-form">
              <label htmlFor="try-text" className="visually-hidden">
                输入要预览的文字
              </label>
              <input
                id="try-text"
                name="text"
                type="text"
                maxLength={LIST_TEXT_MAX}
                placeholder="输入你想预览的文字"
                className="try-form__input"
                autoComplete="off"
                enterKeyHint="go"
              />
              <button type="submit" className="btn btn--accent btn--lg try-form__button">
                试试看
              </button>
            </form>
            <ul {...CLIENT_LINKS} className="hero__samples" aria-label="示例文字">
              {SAMPLE_TEXTS.map((text) => (
                <li key={text}>
                  <a href={`/font?${new URLSearchParams({ text })}`}>{text}</a>
                </li>
              ))}
            </ul>
            {stats.fontCount > 0 ? <Stats stats={stats} /> : null}
          </div>
          <HeroShowcase fonts={recommend} faces={faces} text={previewText} />
        </div>
      </section>

      {loadError ? (
        <div className="container">
          <p className="notice notice--error" role="alert">
            首页数据加载失败：{loadError}
          </p>
        </div>
      ) : null}

      {/* Below the hero, the page is links, images and text: the browser keeps it as served (`ServerMarkup`). */}
      <ServerMarkup content={data}>
        {categories.length ? (
          <HomeSection
            id="categories-title"
            title="按风格找字体"
            more="/font"
            moreLabel="全部字体 →"
            modifier="categories"
          >
            <CategoryGrid categories={categories} />
          </HomeSection>
        ) : null}

        {banners.length ? (
          <section className="home-section home-section--banners" aria-label="专题推荐">
            <div className="container">
              <BannerStrip banners={banners} />
            </div>
          </section>
        ) : null}

        {recommend.length ? (
          <HomeSection id="recommend-title" title="编辑推荐" more="/font?sort=hot">
            <FontList
              fonts={recommend}
              faces={faces}
              layout="card"
              previewText={previewText}
              label="编辑推荐"
              showcase
            />
          </HomeSection>
        ) : null}

        {newest.length ? (
          <HomeSection id="newest-title" title="新字体上架" more="/font?sort=new" modifier="alt">
            <FontList
              fonts={newest}
              faces={faces}
              layout="stick"
              previewText={previewText}
              label="新字体上架"
              showcase
            />
          </HomeSection>
        ) : null}

        <HomeContentSections content={content} />
      </ServerMarkup>

      {!loadError && !categories.length && !recommend.length && !newest.length ? (
        <section className="home-section">
          <div className="container empty-state">
            <img src={asset("/images/empty.svg")} alt="" width="200" height="150" />
            <p>字体库还是空的，稍后再来看看吧。</p>
          </div>
        </section>
      ) : null}
    </div>
  );
}

export const meta = withSocialMeta(pageMeta);
