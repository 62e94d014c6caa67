import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentCard, ContentGrid, contentCardBasics } from "~/components/content/content-card";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { ContentEmpty, ContentListHead } from "~/components/content/content-page";
import { describeDuration, formatChinaDate, formatDuration } from "~/components/content/format";
import { listHref, parseListQuery } from "~/components/content/list-query";
import { TagFilter } from "~/components/content/tag-filter";
import { Pagination } from "~/components/ui/pagination";
import { collectTags, listVideos } from "~/services/content.server";
import { throwApiError } from "~/utils/responses.server";
import { anonymousPageHeaders } from "~/utils/page-cache";
import { withSocialMeta } from "~/utils/seo/social-meta";

/** The same for every visitor without a cookie: the server may answer it again for a few seconds. */
export const headers = anonymousPageHeaders;

const VIDEO_PAGE_SIZE = 6;

const pageMeta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.tagName ? `${data.tagName} · ` : ""}字体视频 - 短视频字体` },
  { name: "description", content: "几十秒看懂一款字体、一种排版：选字指南、字幕技巧与字体演示视频。" },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = { request, context };
  const query = parseListQuery(new URL(request.url).searchParams);
  const [tags, page] = await Promise.all([
    collectTags((tagQuery) => listVideos(caller, tagQuery)),
    listVideos(caller, { current: query.page, size: VIDEO_PAGE_SIZE, tagId: query.tagId }),
  ]).catch(throwApiError);
  const tagName = tags.find((tag) => tag.id === query.tagId)?.name ?? null;
  return { query, tags, tagName, videos: page.records, total: page.total, pages: page.pages };
}

export default function VideoListPage() {
  const { query, tags, tagName, videos, total, pages } = useLoaderData<typeof loader>();
  return (
    <div className="content-page">
      <ContentListHead title="视频" lead="几十秒看懂一款字体、一种排版思路。">
        <TagFilter
          tags={tags}
          current={query.tagId}
          hrefFor={(tagId) => listHref("/video", { tagId })}
          label="按主题筛选视频"
        />
      </ContentListHead>

      <p className="content-count" data-total={total}>
        {tagName ? `“${tagName}”` : "共"} <strong>{total}</strong> 个视频
      </p>

      {videos.length > 0 ? (
        <ContentGrid label="视频列表" variant="wide">
          {videos.map((video) => (
            <li key={video.id}>
              <ContentCard
                {...contentCardBasics("video", video, video.poster)}
                badge={
                  <span aria-label={`时长 ${describeDuration(video.durationSeconds)}`}>
                    {formatDuration(video.durationSeconds)}
                  </span>
                }
                tags={video.tags}
                meta={<time dateTime={video.publishedAt}>{formatChinaDate(video.publishedAt)}</time>}
              />
            </li>
          ))}
        </ContentGrid>
      ) : (
        <ContentEmpty
          title={query.page > 1 && pages > 0 ? `第 ${query.page} 页没有视频` : "这个主题还没有视频"}
          links={[{ to: "/video", label: "查看全部视频" }]}
        />
      )}

      <Pagination
        page={query.page}
        pages={pages}
        hrefFor={(page) => listHref("/video", { tagId: query.tagId, page })}
        label="视频列表分页"
      />
    </div>
  );
}

export { ContentErrorBoundary as ErrorBoundary };

export const meta = withSocialMeta(pageMeta);
