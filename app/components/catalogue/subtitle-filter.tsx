import { Form, Link, useNavigation, useSubmit } from "@remix-run/react";
import type { ChangeEvent } from "react";
import { subtitleFilterFonts, withoutSubtitleFilter, type FontListQuery } from "~/services/catalogue/font-query";
import { SUBTITLE_EXTENSIONS, SUBTITLE_MAX_BYTES } from "~/utils/subtitles/subtitle-limits";

export type SubtitleFilterProps = {
  query: FontListQuery;
  /** Why the last file was refused, from the list's action. */
  message?: string | null;
};

/**
 * Narrows the font list to the fonts that can show every character of a subtitle file. Without
 * JavaScript a multipart form posted to the list's own action (which answers with the list's address
 * carrying the fonts); with JavaScript choosing the file sends it at once, without a page load.
 */
export function SubtitleFilter({ query, message }: SubtitleFilterProps) {
  const submit = useSubmit();
  const navigation = useNavigation();
  const checking = navigation.state === "submitting" && navigation.formEncType === "multipart/form-data";
  const fonts = subtitleFilterFonts(query);

  function onFileChosen(event: ChangeEvent<HTMLInputElement>) {
    const form = event.currentTarget.form;
    if (form && event.currentTarget.files?.length) submit(form);
  }

  return (
    <div className="subtitle-filter">
      {/* Folded until asked for: on a phone the open form stood between the filters and the first font. */}
      <details className="subtitle-filter__details" open={Boolean(message)}>
        <summary className="subtitle-filter__summary">按字幕文件筛选</summary>
        <Form method="post" encType="multipart/form-data" className="subtitle-filter__form">
          <label className="subtitle-filter__label" htmlFor="subtitle-filter-file">
            字幕文件
          </label>
          <input
            id="subtitle-filter-file"
            type="file"
            name="subtitle"
            accept={SUBTITLE_EXTENSIONS.join(",")}
            required
            aria-describedby="subtitle-filter-hint"
            onChange={onFileChosen}
          />
          <button type="submit" className="btn btn--ghost btn--sm" disabled={checking}>
            {checking ? "检查中…" : "筛选"}
          </button>
          <span id="subtitle-filter-hint" className="subtitle-filter__hint">
            {SUBTITLE_EXTENSIONS.join("、")}，不超过 {SUBTITLE_MAX_BYTES / 1024 / 1024}{" "}
            MB；只列出能显示其中每一个字的字体，文件检查完即删除
          </span>
        </Form>
      </details>
      {fonts ? (
        <p className="subtitle-filter__active" data-testid="subtitle-filter-active">
          {query.subtitle ? <>按字幕“{query.subtitle}”筛选：</> : "按字幕文件筛选："}
          {fonts.length > 0 ? `${fonts.length} 款字体能显示其中的每一个字` : "没有一款字体能显示其中的每一个字"}
          <Link to={`/font${withoutSubtitleFilter(query)}`} preventScrollReset>
            清除字幕筛选
          </Link>
        </p>
      ) : null}
      {message ? (
        <p className="notice notice--error subtitle-filter__error" role="alert">
          {message}
        </p>
      ) : null}
    </div>
  );
}
