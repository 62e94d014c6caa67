import type { ReactNode } from "react";
import {
  coveragePercent,
  formatCount,
  formatDate,
  formatFileSize,
  type Charset,
  type FontDetail,
} from "~/services/catalogue/fonts";
import { licenseExplanation } from "~/services/catalogue/license-explanation";
import { formatNumber } from "~/utils/misc";
import { LicenseBadge } from "~/components/font/license-badge";

/** Charset coverage with bars, e.g. GB2312 6763/6763. */
export function CharsetBars({ charsets }: { charsets: Charset[] }) {
  if (charsets.length === 0) return <p className="muted">暂无字符集数据</p>;
  return (
    <ul className="charset-bars" aria-label="字符集覆盖">
      {charsets.map((charset) => {
        const percent = coveragePercent(charset);
        return (
          <li key={charset.code} className="charset-bars__item" data-charset={charset.code}>
            <span className="charset-bars__name" title={charset.name}>
              {charset.code}
              {charset.name && charset.name !== charset.code ? <small> {charset.name}</small> : null}
            </span>
            <span
              className="charset-bars__track"
              role="meter"
              aria-valuemin={0}
              aria-valuemax={charset.total}
              aria-valuenow={charset.covered}
              aria-label={`${charset.code} 覆盖 ${charset.covered}/${charset.total}`}
            >
              <span className="charset-bars__fill" style={{ width: `${percent}%` }} />
            </span>
            <span className="charset-bars__count">
              {formatNumber(charset.covered)}/{formatNumber(charset.total)}
              <small> {percent}%</small>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="info-list__row">
      <dt>{label}</dt>
      <dd>{children || "—"}</dd>
    </div>
  );
}

/** 字体信息 section body. */
export function FontInfo({ font }: { font: FontDetail }) {
  return (
    <div className="font-info">
      <dl className="info-list">
        <Row label="字体家族">
          {font.familyName}
          {font.familyNameEn ? <span className="muted"> （{font.familyNameEn}）</span> : null}
        </Row>
        <Row label="字体名称">
          {font.fontName}
          {font.styleName ? <span className="muted"> （{font.styleName}）</span> : null}
        </Row>
        <Row label="字重">{String(font.weight)}</Row>
        <Row label="设计师">{font.designer}</Row>
        <Row label="厂商">{font.foundry}</Row>
        <Row label="版本">{font.version}</Row>
        <Row label="版权">{font.copyright}</Row>
        <Row label="字形数">{formatNumber(font.glyphCount)}</Row>
        <Row label="文件大小">{formatFileSize(font.fileSize)}</Row>
        <Row label="格式">{font.format.toUpperCase()}</Row>
        <Row label="下载 / 浏览">{`${formatCount(font.downloads)} 次下载 · ${formatCount(font.views)} 次浏览`}</Row>
        <Row label="收录时间">{formatDate(font.createdAt)}</Row>
      </dl>
      <h3 className="font-info__sub">字符集覆盖</h3>
      <CharsetBars charsets={font.charsets} />
    </div>
  );
}

/** 授权 section body. */
export function FontLicense({ font }: { font: FontDetail }) {
  const { license } = font;
  return (
    <div className="font-license">
      <p className="font-license__name">
        <LicenseBadge license={license} />
        <span>
          {license.url ? (
            <a href={license.url} target="_blank" rel="noopener noreferrer nofollow">
              {license.name}
            </a>
          ) : (
            license.name
          )}
        </span>
      </p>
      <p className="font-license__explain">{licenseExplanation(license)}</p>
      {license.commercialSource ? (
        <blockquote className="font-license__source">
          <p>{license.commercialSource}</p>
        </blockquote>
      ) : null}
      <p className="muted font-license__disclaimer">以上说明仅帮助理解，具体以授权协议原文为准。</p>
    </div>
  );
}
