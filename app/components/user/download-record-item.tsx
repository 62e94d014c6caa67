import type { DownloadRecord } from "@contract/downloads";
import { Link } from "@remix-run/react";
import { siteDownloadHref } from "~/components/catalogue/download-dialog";
import { formatChinaDateTime } from "./user-lists";

/** One download of the history: the font, when (and which file), and a link to download it again. */
export function DownloadRecordItem({
  record,
  showFile = false,
  againLabel = "再次下载",
}: {
  record: DownloadRecord;
  showFile?: boolean;
  againLabel?: string;
}) {
  return (
    <li className="user-list__item" data-font-gno={record.fontGNo}>
      <div className="user-list__main">
        <Link to={`/font/${record.fontGNo}`} className="user-list__title">
          {record.fontName}
        </Link>
        <span className="user-list__meta">
          {showFile ? `${record.fileName} · ` : null}
          <time dateTime={record.downloadedAt}>{formatChinaDateTime(record.downloadedAt)}</time>
        </span>
      </div>
      <a
        className="btn btn--ghost btn--sm"
        href={siteDownloadHref(record.fontGNo, record.format)}
        download={record.fileName}
        aria-label={`再次下载 ${record.fileName}`}
      >
        {againLabel}
      </a>
    </li>
  );
}
