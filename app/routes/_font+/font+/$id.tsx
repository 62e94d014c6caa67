import { ServerMarkup } from "~/components/ui/server-markup";
import { CLIENT_LINKS } from "~/utils/client-links";
import { type HeadersFunction, type MetaFunction, data, type LoaderFunctionArgs } from "@remix-run/node";
import {
  Link,
  useFetcher,
  useLoaderData,
  useLocation,
  useNavigate,
  useNavigationType,
  useRouteError,
  type ShouldRevalidateFunction,
} from "@remix-run/react";
import { useCallback, useEffect, useRef, useState } from "react";
import { DownloadDialog, LicenseNotice } from "~/components/catalogue/download-dialog";
import { ErrorPage, describeError } from "~/components/ui/error-page";
import { FontFaces } from "~/components/catalogue/font-faces";
import { FontInfo, FontLicense } from "~/components/catalogue/font-info";
import { FontPreview } from "~/components/font/font-preview";
import { FontSpecimen, specimenBigChars, specimenText } from "~/components/catalogue/font-specimen";
import { LicenseBadge } from "~/components/font/license-badge";
import { TypeTester } from "~/components/catalogue/type-tester";
import { FontActions } from "~/components/catalogue/font-actions";
import { ShareControl } from "~/components/ui/share-control";
import { VideoList } from "~/components/video/video-list";
import {
  fontHref,
  weightName,
  type PreviewFace,
  type PreviewTheme,
  familyWeights,
  withoutFamily,
} from "~/services/catalogue/fonts";
import { parseTesterQuery, testerSearch, type TesterQuery } from "~/services/catalogue/font-query";
import { isTesterOnlyChange, revalidatesUnlessTesterOnly, withTesterParams } from "~/services/catalogue/tester-address";
import { FACES_PARAM } from "~/utils/live-faces";
import { FONT_GNO_PATTERN } from "@contract/catalogue-values";
import { isApiError } from "~/services/api-client.server";
import { countFontVisit, getDownloadFiles, getFont } from "~/services/catalogue.server";
import { listVideos } from "~/services/content.server";
import { loadPreviewFaces } from "~/services/subset.server";
import { DEFAULT_PREVIEW_TEXT } from "~/services/catalogue/preview-text";
import { anonymousFontPageHeaders } from "~/utils/page-cache";
import { notFound } from "~/utils/responses.server";
import { webFontCssPath } from "@contract/web-fonts";
import { useRootData } from "~/utils/root-data";
import { breadcrumbJsonLd, siteOrigins, withSocialMeta } from "~/utils/seo/social-meta";

/** How many of the videos showing the font its page lists. */
const FONT_VIDEO_COUNT = 6;

/** The route's check: the id must be digits. */
function isValidFontId(id: string | undefined): id is string {
  return typeof id === "string" && FONT_GNO_PATTERN.test(id);
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isValidFontId(params.id)) throw notFound();
  const caller = { request, context };
  const id = params.id;
  const url = new URL(request.url);
  const { query: tester, notice } = parseTesterQuery(url.searchParams);
  // The live type tester's request for new faces counts no view.
  const facesOnly = url.searchParams.get(FACES_PARAM) === "1";

  const [font, download] = await Promise.all([
    getFont(caller, id).catch((error: unknown) => {
      if (isApiError(error) && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }),
    facesOnly
      ? null
      : getDownloadFiles(caller, id).catch((error: unknown) => {
          if (!isApiError(error)) throw error;
          return null;
        }),
  ]);

  if (!facesOnly) countFontVisit(caller, id);

  // The videos are an extra: when the backend refuses the list, the page shows without it.
  const videos = facesOnly
    ? []
    : await listVideos(caller, { fontGNo: font.fontGNo, size: FONT_VIDEO_COUNT }).then(
        (page) => page.records,
        (error: unknown) => {
          if (!isApiError(error)) throw error;
          return [];
        },
      );

  const previewText = tester.text || `${font.familyName} ${DEFAULT_PREVIEW_TEXT}`;
  const bigText = specimenBigChars(tester.text || font.familyName);
  const weights = familyWeights(font);
  const faces = await loadPreviewFaces(
    caller,
    weights.map((weight) => ({
      gno: weight.fontGNo,
      text:
        weight.fontGNo === font.fontGNo
          ? `${previewText}${font.familyName}${specimenText(bigText)}`
          : `${previewText}${weight.fontName}`,
    })),
    { maxChars: 1000, checkCoverage: true },
  );

  const page = {
    font: withoutFamily(font),
    weights,
    files: download?.files ?? [],
    videos,
    faces,
    tester,
    notice,
    previewText,
    bigText,
  };
  // Kept for visitors without cookies like the other public pages; each answer still counts a view.
  return facesOnly ? data(page) : data(page, { headers: anonymousFontPageHeaders(id) });
}

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

/** The type tester keeping its text, size and theme in the address loads nothing: the page has it. */
export const shouldRevalidate: ShouldRevalidateFunction = revalidatesUnlessTesterOnly;

const pageMeta: MetaFunction<typeof loader> = ({ data }) => {
  if (!data?.font) return [{ title: "没有找到这款字体 - 短视频字体" }, { name: "robots", content: "noindex" }];
  const { font } = data;
  return [
    { title: `${font.familyName} - 免费预览与下载 - 短视频字体` },
    { name: "description", content: font.description || `${font.familyName}在线预览、字符集、授权说明与下载。` },
  ];
};

const LIVE_DEBOUNCE_MS = 300;
/** Any origin: addresses of this site are compared by path and query. */
const BASE = "http://localhost";

/** Waits (at most 4 s) until the browser has loaded the given faces for `text`. */
async function preloadFaces(faces: Record<string, PreviewFace>, text: string): Promise<void> {
  if (typeof document === "undefined" || !("fonts" in document)) return;
  const loads = Object.values(faces).map((face) =>
    document.fonts.load(`32px "${face.familyName}"`, text || "字").catch(() => undefined),
  );
  await Promise.race([Promise.all(loads), new Promise((resolve) => setTimeout(resolve, 4000))]);
}

export default function FontDetailRoute() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const address = `${location.pathname}${location.search}`;
  // A navigation to another URL starts over with what it shows. Not in-page anchors (#family),
  // which must keep what the visitor typed, nor the page's own address following its type tester.
  const [page, setPage] = useState({ address, key: address });
  if (page.address !== address) {
    const own = navigationType === "REPLACE" && isTesterOnlyChange(new URL(page.address, BASE), new URL(address, BASE));
    setPage({ address, key: own ? page.key : address });
  }
  return <FontDetailPage key={page.key} />;
}

function FontDetailPage() {
  const data = useLoaderData<typeof loader>();
  const rootData = useRootData();
  const { font, files, weights } = data;
  const location = useLocation();
  const navigate = useNavigate();
  const pathname = location.pathname;
  // The address, not the loader data, says what to show: back or forward to an address differing
  // only in the tester's parameters loads no new data (see shouldRevalidate).
  const [initial] = useState(() => parseTesterQuery(new URLSearchParams(location.search)).query);

  const [text, setText] = useState(initial.text);
  const [size, setSize] = useState(initial.size);
  const [theme, setTheme] = useState<PreviewTheme>(initial.theme);
  const [faces, setFaces] = useState<Record<string, PreviewFace>>(data.faces);
  const [pending, setPending] = useState<Record<string, PreviewFace> | null>(null);
  const [downloadOpen, setDownloadOpen] = useState(initial.download);
  const [previewText, setPreviewText] = useState(data.previewText);
  const [bigText, setBigText] = useState(data.bigText);

  const fetcher = useFetcher<typeof loader>();
  const timer = useRef<ReturnType<typeof setTimeout>>();
  const lastRequested = useRef(data.tester.text);

  const requestFaces = useCallback(
    (value: string) => {
      clearTimeout(timer.current);
      const trimmed = value.trim();
      if (trimmed === lastRequested.current) return;
      lastRequested.current = trimmed;
      const params = new URLSearchParams({ [FACES_PARAM]: "1" });
      if (trimmed) params.set("text", trimmed);
      fetcher.load(`${pathname}?${params}`);
    },
    [fetcher, pathname],
  );

  useEffect(() => () => clearTimeout(timer.current), []);

  // Faces for the text of an address whose data was not loaded again.
  useEffect(() => {
    if (initial.text !== data.tester.text) requestFaces(initial.text);
    // Once, for the text the page opened with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // The address follows the tester (debounced, replacing the history entry), so that it shares the
  // preview as the form without JavaScript does.
  const wantedTester = testerSearch(parseTesterQuery({ text, size: String(size), theme }).query);
  const shownTester = testerSearch({
    ...parseTesterQuery(new URLSearchParams(location.search)).query,
    download: false,
  });
  useEffect(() => {
    if (wantedTester === shownTester) return;
    const addressTimer = setTimeout(() => {
      const search = withTesterParams(location.search, wantedTester);
      navigate({ pathname, search, hash: location.hash }, { replace: true, preventScrollReset: true });
    }, LIVE_DEBOUNCE_MS);
    return () => clearTimeout(addressTimer);
  }, [wantedTester, shownTester, pathname, location.search, location.hash, navigate]);

  // New faces arrived: declare them next to the current ones, switch once the browser has them.
  useEffect(() => {
    if (fetcher.state !== "idle" || !fetcher.data) return;
    const next = fetcher.data.faces ?? {};
    // The subset service failed: keep the faces we have (they still cover part of the text).
    if (Object.keys(next).length === 0) {
      setPreviewText(fetcher.data.previewText);
      return;
    }
    setPending(next);
  }, [fetcher.state, fetcher.data]);

  useEffect(() => {
    if (!pending || !fetcher.data) return;
    let cancelled = false;
    const next = fetcher.data;
    preloadFaces(pending, next.previewText).then(() => {
      if (cancelled) return;
      setFaces(pending);
      setPreviewText(next.previewText);
      setBigText(next.bigText);
      setPending(null);
    });
    return () => {
      cancelled = true;
    };
  }, [pending, fetcher.data]);

  function onTextChange(value: string) {
    setText(value);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => requestFaces(value), LIVE_DEBOUNCE_MS);
  }

  const testerQuery: TesterQuery = { text: text.trim(), size, theme, download: false };
  const shownText = text.trim() ? text : previewText;
  const mainFace = faces[font.fontGNo];
  const openHref = `${pathname}${testerSearch(testerQuery, { download: true })}#download`;
  const closeHref = `${pathname}${testerSearch(testerQuery, { download: false })}`;
  const closeDownload = useCallback(() => setDownloadOpen(false), []);

  const sections = [
    { id: "editor", label: "编辑器" },
    { id: "family", label: "字体家族" },
    { id: "info", label: "字体信息" },
    { id: "license", label: "授权" },
    { id: "preview", label: "预览" },
    ...(font.videoUrl || data.videos.length > 0 ? [{ id: "video", label: "视频" }] : []),
  ];

  return (
    <article className="font-detail" data-font-gno={font.fontGNo} data-theme={theme}>
      <FontFaces faces={faces} />
      {pending ? <FontFaces faces={pending} /> : null}

      <header className="font-detail__head">
        <div className="font-detail__title">
          <nav className="breadcrumb" aria-label="面包屑">
            <Link to="/font">字体库</Link>
            <span aria-hidden="true"> / </span>
            <span>{font.familyName}</span>
          </nav>
          <h1>
            {font.familyName}
            <LicenseBadge license={font.license} />
          </h1>
          <p className="font-detail__sub">
            {font.fontName}
            {font.familyNameEn ? ` · ${font.familyNameEn}` : ""} · {weights.length} 个字重
          </p>
          {font.description ? <p className="font-detail__desc">{font.description}</p> : null}
          {font.tags.length > 0 || font.styles.length > 0 ? (
            <ul className="font-detail__tags" aria-label="风格与标签">
              {font.styles.map((style) => (
                <li key={`s-${style.code}`}>
                  <Link to={`/font?style=${encodeURIComponent(style.code)}`} className="chip chip--small">
                    {style.name}
                  </Link>
                </li>
              ))}
              {font.tags.map((tag) => (
                <li key={`t-${tag.id}`}>
                  <Link to={`/font?tag=${tag.id}`} className="chip chip--small chip--tag">
                    #{tag.name}
                  </Link>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        <div className="font-detail__cta">
          <Link
            to={openHref}
            className="btn btn--primary btn--lg"
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              setDownloadOpen(true);
            }}
            aria-haspopup="dialog"
          >
            下载字体
          </Link>
          <LicenseNotice license={font.license} />
          <FontActions font={font} className="font-detail__actions" />
          <ShareControl path={`${pathname}${testerSearch(testerQuery)}`} title={font.familyName} />
          <Link to={`/studio?font=${font.fontGNo}`} className="btn btn--ghost btn--sm" data-testid="font-studio-link">
            用这款字体做标题
          </Link>
        </div>
      </header>

      {data.notice ? (
        <p className="notice" role="alert">
          {data.notice}
        </p>
      ) : null}

      <nav className="section-nav" aria-label="页面导航">
        {sections.map((section) => (
          <a key={section.id} href={`#${section.id}`}>
            {section.label}
          </a>
        ))}
      </nav>

      <section id="editor" className="font-section" aria-labelledby="editor-title">
        <h2 id="editor-title">编辑器</h2>
        <TypeTester
          action={pathname}
          gno={font.fontGNo}
          face={mainFace}
          text={text}
          fallbackText={previewText}
          size={size}
          theme={theme}
          onTextChange={onTextChange}
          onSizeChange={setSize}
          onThemeChange={setTheme}
          onSubmit={() => requestFaces(text)}
          loading={fetcher.state !== "idle" || pending !== null}
        />
      </section>

      <section id="family" className="font-section" aria-labelledby="family-title">
        <h2 id="family-title">
          字体家族 <small className="muted">{weights.length} 个字重</small>
        </h2>
        <ServerMarkup content={[weights, faces, shownText, theme, testerQuery]}>
          <ul {...CLIENT_LINKS} className="family-list">
            {weights.map((weight) => (
              <li
                key={weight.fontGNo}
                className="family-list__item"
                data-font-gno={weight.fontGNo}
                aria-current={weight.fontGNo === font.fontGNo ? "true" : undefined}
              >
                <Link to={`${fontHref(weight.fontGNo)}${testerSearch(testerQuery)}`} className="family-list__link">
                  <span className="family-list__meta">
                    <strong>{weight.fontName}</strong>
                    <span className="muted">
                      {weightName(weight.weight)} {weight.weight} · {weight.styleName}
                    </span>
                  </span>
                  <FontPreview
                    gno={weight.fontGNo}
                    face={faces[weight.fontGNo]}
                    text={shownText}
                    theme={theme}
                    className="family-list__preview"
                  />
                </Link>
              </li>
            ))}
          </ul>
        </ServerMarkup>
      </section>

      <section id="info" className="font-section" aria-labelledby="info-title">
        <h2 id="info-title">字体信息</h2>
        <ServerMarkup content={font}>
          <FontInfo font={font} />
        </ServerMarkup>
      </section>

      <section id="license" className="font-section" aria-labelledby="license-title">
        <h2 id="license-title">授权</h2>
        <ServerMarkup content={font}>
          <FontLicense font={font} />
        </ServerMarkup>
      </section>

      <section id="preview" className="font-section" aria-labelledby="preview-title">
        <h2 id="preview-title">预览</h2>
        <ServerMarkup content={[font.fontGNo, mainFace, shownText, bigText, theme]}>
          <FontSpecimen gno={font.fontGNo} face={mainFace} text={shownText} bigText={bigText} theme={theme} />
        </ServerMarkup>
      </section>

      {font.videoUrl || data.videos.length > 0 ? (
        <section id="video" className="font-section" aria-labelledby="video-title">
          <h2 id="video-title">视频</h2>
          {/* The family's demonstration video plays here when no video of the site lists the font. */}
          {font.videoUrl && data.videos.length === 0 ? (
            <>
              {/* The font's demonstration videos show type in motion; they have no speech to caption. */}
              {/* eslint-disable-next-line jsx-a11y-x/media-has-caption */}
              <video className="font-video" src={font.videoUrl} controls preload="none" playsInline>
                <a href={font.videoUrl}>观看视频</a>
              </video>
            </>
          ) : null}
          {data.videos.length > 0 ? <VideoList label="使用这款字体的视频" videos={data.videos} /> : null}
        </section>
      ) : null}

      <DownloadDialog
        visible={downloadOpen}
        files={files}
        weights={weights}
        familyName={font.familyName}
        license={font.license}
        closeHref={closeHref}
        onClose={closeDownload}
        webFontCssUrl={`${rootData?.env.subsetBase || rootData?.origin || ""}${webFontCssPath([
          { name: font.familyName, weights: [...new Set(weights.map((weight) => weight.weight))] },
        ])}`}
        familyZipHref={`${fontHref(font.fontGNo)}/family-zip`}
      />
    </article>
  );
}

export function ErrorBoundary() {
  const { status, message } = describeError(useRouteError());
  return <ErrorPage status={status} message={status >= 500 ? "服务暂时不可用，请稍后刷新重试" : message} />;
}

export const meta = withSocialMeta(pageMeta, ({ matches, data }) => {
  if (!data?.font) return {};
  const { origin } = siteOrigins(matches);
  return {
    // Made by this site, not a static file: never under STATIC_BASE.
    image: `${origin}${fontHref(data.font.fontGNo)}/og.png`,
    jsonLd: [
      breadcrumbJsonLd(origin, [
        { to: "/font", label: "字体库" },
        { to: fontHref(data.font.fontGNo), label: data.font.familyName },
      ]),
    ],
  };
});
