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
};

/**
 * The site's own address of a font file (app/routes/_font+/font+/$id_.download.tsx): the site
 * fetches it from the backend with the visitor's token, so a signed-in user's download is recorded.
 */
export function siteDownloadHref(fontGNo: string, format: "ttf" | "woff2" = "ttf"): string {
  return `/font/${encodeURIComponent(fontGNo)}/download${format === "ttf" ? "" : `?format=${format}`}`;
}

/** The licence sentence shown next to every download button. */
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
          <ul className="download-list" aria-label="字体文件">
            {files.map((file) => {
              const weight = byGno.get(file.fontGNo);
              const href = siteDownloadHref(file.fontGNo);
              return (
                <li key={file.fontGNo} className="download-list__item" data-font-gno={file.fontGNo}>
                  <div className="download-list__info">
                    <span className="download-list__name">{file.fileName}</span>
                    <span className="download-list__meta">
                      {weight ? `${weightName(weight.weight)} ${weight.weight} · ${weight.styleName} · ` : ""}
                      {file.format.toUpperCase()} · {formatFileSize(file.size)}
                    </span>
                  </div>
                  <a
                    className="btn btn--primary btn--sm"
                    href={href}
                    download={file.fileName}
                    aria-label={`下载 ${file.fileName}`}
                  >
                    下载
                  </a>
                </li>
              );
            })}
          </ul>
        )}
        <LicenseNotice license={license} />
      </div>
    </div>
  );
}
