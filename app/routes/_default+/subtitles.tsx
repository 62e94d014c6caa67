import type { ActionFunctionArgs, LinksFunction, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useNavigation } from "@remix-run/react";
import { ContentErrorBoundary } from "~/components/content/content-error";
import studioStylesHref from "~/styles/studio.css?url";
import { DEFAULT_FONT_LIST_QUERY, subtitleFilterSearch } from "~/services/catalogue/font-query";
import { checkSubtitleUpload, type SubtitleCheck } from "~/utils/subtitles/subtitle-check.server";
import { SUBTITLE_EXTENSIONS, SUBTITLE_MAX_BYTES } from "~/utils/subtitles/subtitle-limits";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: studioStylesHref }];

export const meta: MetaFunction = () => [
  { title: "字幕检查：哪些字体能显示整份字幕 - 短视频字体" },
  {
    name: "description",
    content: "上传 .srt、.vtt 或 .ass 字幕，列出能显示全部文字的字体，以及其他字体缺少的字和它们出现在第几条字幕。",
  },
];

/** POST (multipart, `subtitle`): the check of the file; a refused file answers 400 with its message. */
export async function action({ request, context }: ActionFunctionArgs) {
  const result = await checkSubtitleUpload({ request, context });
  return data(result, { status: result.ok ? 200 : result.status, headers: { "Cache-Control": "no-store" } });
}

export default function SubtitlesPage() {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  return (
    <div className="container studio-page">
      <header className="page-head">
        <h1 className="page-head__title">字幕检查</h1>
        <p className="page-head__lead">
          一份字幕里只要有一个生僻字字体没有，成片里它就会换成别的字体显示。上传字幕文件，看看哪些字体能显示其中的每一个字；其他字体缺哪些字、出现在第几条字幕，一并列出。文件只用于这次检查，检查完即删除，不会保存。
        </p>
      </header>

      <Form method="post" encType="multipart/form-data" className="studio-form card subtitle-form" replace>
        <label className="field__label" htmlFor="subtitle-file">
          字幕文件
        </label>
        <input id="subtitle-file" type="file" name="subtitle" accept={SUBTITLE_EXTENSIONS.join(",")} required />
        <p className="field__hint">
          支持 {SUBTITLE_EXTENSIONS.join("、")}，UTF-8 或 GB18030 编码，不超过 {SUBTITLE_MAX_BYTES / 1024 / 1024} MB。
        </p>
        <button type="submit" className="btn btn--primary" disabled={busy}>
          {busy ? "检查中…" : "开始检查"}
        </button>
      </Form>

      {result && !result.ok ? (
        <p className="notice notice--error" role="alert">
          {result.message}
        </p>
      ) : null}
      {result && result.ok ? <SubtitleReport check={result.check} /> : null}
    </div>
  );
}

function SubtitleReport({ check }: { check: SubtitleCheck }) {
  const filterSearch = subtitleFilterSearch(
    DEFAULT_FONT_LIST_QUERY,
    check.covering.map((font) => font.fontGNo),
    check.fileName,
  );
  return (
    <section className="subtitle-report" aria-labelledby="subtitle-report-title" data-testid="subtitle-report">
      <h2 id="subtitle-report-title">
        {check.fileName}：{check.cueCount} 条字幕，{check.characterCount} 个不同的字
      </h2>
      <h3>能显示全部文字的字体（{check.covering.length} 款）</h3>
      {check.covering.length > 0 ? (
        <>
          <ul className="subtitle-report__fonts" data-testid="subtitle-covering">
            {check.covering.map((font) => (
              <li key={font.fontGNo}>
                <Link to={`/font/${font.fontGNo}`}>{font.fontName}</Link>
              </li>
            ))}
          </ul>
          {filterSearch ? (
            <p>
              <Link className="btn btn--ghost btn--sm" to={`/font${filterSearch}`}>
                在字体列表中只看这 {check.covering.length} 款
              </Link>
            </p>
          ) : null}
        </>
      ) : (
        <p>目录里没有一款字体能显示这份字幕的全部文字，下面列出每款字体缺少的字。</p>
      )}
      {check.lacking.length > 0 ? (
        <>
          <h3>缺字的字体（{check.lacking.length} 款，缺字少的在前）</h3>
          <ul className="subtitle-report__lacking" data-testid="subtitle-lacking">
            {check.lacking.map((font) => (
              <li key={font.fontGNo}>
                <Link to={`/font/${font.fontGNo}`}>{font.fontName}</Link>：缺 {font.characters.length} 个字
                <ul>
                  {font.characters.slice(0, 30).map(({ character, cues, moreCues }) => (
                    <li key={character}>
                      “{character}”见第 {cues.join("、")} 条{moreCues > 0 ? `等（另有 ${moreCues} 条）` : ""}
                    </li>
                  ))}
                  {font.characters.length > 30 ? <li>……另有 {font.characters.length - 30} 个字未列出</li> : null}
                </ul>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

export { ContentErrorBoundary as ErrorBoundary };
