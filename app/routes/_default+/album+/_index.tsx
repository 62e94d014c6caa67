import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { ContentCard, ContentGrid, contentCardBasics } from "~/components/content/content-card";
import { ContentErrorBoundary } from "~/components/content/content-error";
import { ContentEmpty, ContentListHead } from "~/components/content/content-page";
import { formatChinaDate } from "~/components/content/format";
import { listHref, parseListQuery } from "~/components/content/list-query";
import { TagFilter } from "~/components/content/tag-filter";
import { Pagination } from "~/components/ui/pagination";
import { listAlbumTags, listAlbums } from "~/services/content.server";
import { throwApiError } from "~/utils/responses.server";
import { anonymousPageHeaders } from "~/utils/page-cache";
import { withSocialMeta } from "~/utils/seo/social-meta";

/** The same for every visitor without a cookie: the server may answer it again for a few seconds. */
export const headers = anonymousPageHeaders;

const ALBUM_PAGE_SIZE = 8;

const pageMeta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data?.tagName ? `${data.tagName} · ` : ""}字体专辑 - 短视频字体` },
  {
    name: "description",
    content: "按主题整理的字体专辑：综艺花字、国风书法、清新手写、标题黑体……一次看完一组好搭配。",
  },
];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const caller = { request, context };
  const query = parseListQuery(new URL(request.url).searchParams);
  const [tags, page] = await Promise.all([
    listAlbumTags(caller),
    listAlbums(caller, { current: query.page, size: ALBUM_PAGE_SIZE, tagId: query.tagId }),
  ]).catch(throwApiError);
  const tagName = tags.find((tag) => tag.id === query.tagId)?.name ?? null;
  return { query, tags, tagName, albums: page.records, total: page.total, pages: page.pages };
}

export default function AlbumListPage() {
  const { query, tags, tagName, albums, total, pages } = useLoaderData<typeof loader>();
  return (
    <div className="content-page">
      <ContentListHead title="字体专辑" lead="按题材和用途整理好的字体组合，点开就能用你的文字一起预览。">
        <TagFilter
          tags={tags}
          current={query.tagId}
          hrefFor={(tagId) => listHref("/album", { tagId })}
          label="按标签筛选专辑"
        />
      </ContentListHead>

      <p className="content-count" data-total={total}>
        {tagName ? `“${tagName}”` : "共"} <strong>{total}</strong> 个专辑
      </p>

      {albums.length > 0 ? (
        <ContentGrid label="专辑列表">
          {albums.map((album) => (
            <li key={album.id}>
              <ContentCard
                {...contentCardBasics("album", album, album.cover)}
                badge={`${album.fontCount} 款字体`}
                tags={album.tags}
                meta={<time dateTime={album.createdAt}>{formatChinaDate(album.createdAt)}</time>}
              />
            </li>
          ))}
        </ContentGrid>
      ) : (
        <ContentEmpty
          title={query.page > 1 && pages > 0 ? `第 ${query.page} 页没有专辑` : "这个标签下还没有专辑"}
          links={[{ to: "/album", label: "查看全部专辑" }]}
        />
      )}

      <Pagination
        page={query.page}
        pages={pages}
        hrefFor={(page) => listHref("/album", { tagId: query.tagId, page })}
        label="专辑列表分页"
      />
    </div>
  );
}

export { ContentErrorBoundary as ErrorBoundary };

export const meta = withSocialMeta(pageMeta);
