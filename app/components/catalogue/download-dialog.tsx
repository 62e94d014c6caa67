import { Link } from "@remix-run/react";
import { useEffect, useRef, type MouseEvent } from "react";
import {
  formatFileSize,
  licenseLabel,
  weightName,
  type DownloadFile,
  type Font,
  type License,
} from "~/services/catalogue/fonts";
import { LicenseBadge } from "~/components/font/license-badge";
import { CopyableText } from "~/components/ui/copyable-text";

export type DownloadDialogProps = {
  /** Visible flag, default true. */
  visible?: boolean;
  /** The files to offer (any format the backend serves). */
  files: Array<Omit<DownloadFile, "format"> & { format: string }>;
  /** Weights of the family, to name each file's weight. */
  weights: Pick<Font, "fontGNo" | "weight" | "styleName" | "fontName">[];
  familyName: string;
  license: License;
  /** Link that closes the dialog without JavaScript. */
  closeHref: string;
  /** With JavaScript: close without navigating. */
  onClose?: () => void;
  /** The address of the family's stylesheet from the CSS API (`…/css2?family=…`), for the snippets. */
  webFontCssUrl?: string;
  /** Where the zip of the whole family and its licenses is downloaded. */
  familyZipHref?: string;
};

/**
 * The site's own address of a font file (app/routes/_font+/font+/$id_.download.tsx): the site
 * fetches it from the backend with the visitor's token, so a signed-in user's download is recorded.
 */
export function siteDownloadHref(fontGNo: string, format: "ttf" | "woff2" = "ttf"): string {
  return `/font/${encodeURIComponent(fontGNo)}/download${format === "ttf" ? "" : `?format=${format}`}`;
}

/** `@font-face` rules for the family's downloaded WOFF2 and TTF files, placed beside the stylesheet. */
export function selfHostedCss(
  familyName: string,
  files: DownloadDialogProps["files"],
  weights: ReadonlyMap<string, Pick<Font, "weight">>,
): string {
  return files
    .map((file) => {
      const woff2 = file.fileName.replace(/\.(ttf|otf)$/i, ".woff2");
      const format = file.format === "otf" ? "opentype" : "truetype";
      return [
        "@font-face {",
        `  font-family: "${familyName}";`,
        `  font-weight: ${weights.get(file.fontGNo)?.weight ?? 400};`,
        "  font-style: normal;",
        "  font-display: swap;",
        `  src: url("./${woff2}") format("woff2"), url("./${file.fileName}") format("${format}");`,
        "}",
      ].join("\n");
    })
    .join("\n");
}

/** The license sentence shown next to every download button. */
export function LicenseNotice({ license }: { license: License }) {
  const label = licenseLabel(license);
  return (
    <p className="license-notice">
      <LicenseBadge license={license} /> 本字体使用「{license.name}」授权
      {label === "免费商用"
        ? "，可免费商用。"
        : label === "个人免费"
          ? "，仅限个人非商业使用免费，商用请联系版权方。"
          : "，使用前请先取得授权。"}
      下载即表示你同意遵守该授权协议。
    </p>
  );
}

/**
 * Download dialog: rendered open by the server for `?download=1#download` (works without JS),
 * closed by a link; with JavaScript the same markup is opened and closed in place.
 */
export function DownloadDialog({
  visible = true,
  files,
  weights,
  familyName,
  license,
  closeHref,
  onClose,
  webFontCssUrl,
  familyZipHref,
}: DownloadDialogProps) {
  const closeRef = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    if (!visible) return;
    closeRef.current?.focus();
    function onKey(event: KeyboardEvent) {
      if (event.key === "Escape" && onClose) onClose();
    }
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [visible, onClose]);

  if (!visible) return null;
  const byGno = new Map(weights.map((weight) => [weight.fontGNo, weight]));
  // With JS and an onClose, close without navigating; otherwise the links go to closeHref.
  const closeInPlace = (event: MouseEvent) => {
    if (onClose) {
      event.preventDefault();
      onClose();
    }
  };

  return (
    <div className="download-dialog-layer" data-dialog="download">
      <Link
        to={closeHref}
        className="dialog-backdrop"
        aria-hidden="true"
        tabIndex={-1}
        preventScrollReset
        replace
        onClick={closeInPlace}
      />
      <div
        id="download"
        className="dialog download-dialog"
        data-visible="true"
        role="dialog"
        aria-modal="true"
        aria-labelledby="download-dialog-title"
      >
        <header>
          <h2 id="download-dialog-title" className="dialog__title">
            下载 {familyName}
          </h2>
          <Link
            ref={closeRef}
            to={closeHref}
            className="dialog__close"
            aria-label="关闭下载窗口"
            preventScrollReset
            replace
            onClick={closeInPlace}
          >
            ×
          </Link>
        </header>
        {files.length === 0 ? (
          <p className="dialog__empty">暂时没有可下载的文件，请稍后再试。</p>
        ) : (
          <>
            <ul className="download-list" aria-label="字体文件">
              {files.map((file) => {
                const weight = byGno.get(file.fontGNo);
                const woff2Name = file.fileName.replace(/\.(ttf|otf)$/i, ".woff2");
                return (
                  <li key={file.fontGNo} className="download-list__item" data-font-gno={file.fontGNo}>
                    <div className="download-list__info">
                      <span className="download-list__name">{file.fileName}</span>
                      <span className="download-list__meta">
                        {weight ? `${weightName(weight.weight)} ${weight.weight} · ${weight.styleName} · ` : ""}
                        {file.format.toUpperCase()} · {formatFileSize(file.size)}
                      </span>
                    </div>
                    <div className="download-list__formats">
                      <a
                        className="btn btn--primary btn--sm"
                        href={siteDownloadHref(file.fontGNo)}
                        download={file.fileName}
                      >
                        <span className="visually-hidden">下载 {file.fileName} </span>
                        {file.format.toUpperCase()}
                        <small>{formatFileSize(file.size)}</small>
                      </a>
                      <a
                        className="btn btn--ghost btn--sm"
                        href={siteDownloadHref(file.fontGNo, "woff2")}
                        download={woff2Name}
                      >
                        <span className="visually-hidden">下载 {woff2Name}（网页用）</span>
                        WOFF2
                        <small>{file.woff2Size ? formatFileSize(file.woff2Size) : "首次下载需生成"}</small>
                      </a>
                    </div>
                  </li>
                );
              })}
            </ul>
            {familyZipHref ? (
              <p className="download-dialog__zip">
                <a className="btn btn--ghost btn--sm" href={familyZipHref} download>
                  打包下载全部 {files.length} 个字重（含授权文件）
                </a>
                <span className="muted">
                  ZIP · 约 {formatFileSize(files.reduce((sum, file) => sum + file.size, 0))}
                </span>
              </p>
            ) : null}
            {webFontCssUrl ? (
              <section className="download-dialog__css" aria-labelledby="download-css-title">
                <h3 id="download-css-title">在网页中使用</h3>
                <p className="muted">
                  引用本站的网页字体服务（按用到的字分片加载）：
                  <Link to="/web-fonts">使用说明</Link>
                </p>
                <CopyableText label="HTML 引用代码" text={`<link rel="stylesheet" href="${webFontCssUrl}">`} />
                <p className="muted">或下载 WOFF2 文件后自行托管：</p>
                <CopyableText label="自托管 @font-face" text={selfHostedCss(familyName, files, byGno)} />
              </section>
            ) : null}
          </>
        )}
        <LicenseNotice license={license} />
      </div>
    </div>
  );
}
