import { ARTICLE_KIND_LABELS, ARTICLE_KINDS, type ArticleKind } from "@contract/favorite-values";
import { data, type ActionFunctionArgs, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useNavigation } from "@remix-run/react";
import { useId } from "react";
import { formatChinaDate } from "~/components/content/format";
import { listArticleFavorites, listUserFolders } from "~/services/favorites.server";
import { requireAuthGuard } from "~/utils/auth.server";
import { throwApiError } from "~/utils/responses.server";
import { handleFavoritePageForm, type FavoritePageActionData } from "~/services/favorites/favorite-page.server";
import { withSocialMeta } from "~/utils/seo/social-meta";

const pageMeta: MetaFunction = () => [{ title: "我的收藏 - 短视频字体" }, { name: "robots", content: "noindex" }];

const ARTICLES_PER_PAGE = 20;

type Tab = "fonts" | "articles";

function readTab(url: URL): Tab {
  return url.searchParams.get("tab") === "articles" ? "articles" : "fonts";
}

function readKind(url: URL): ArticleKind | undefined {
  const kind = url.searchParams.get("kind");
  return ARTICLE_KINDS.find((known) => known === kind);
}

function readPage(url: URL): number {
  const page = Number(url.searchParams.get("page"));
  return Number.isInteger(page) && page >= 1 && page <= 10_000 ? page : 1;
}

/** The folders, or a page of favorite articles (`?tab=articles&kind=&page=`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireAuthGuard(request);
  const caller = { request, context };
  const url = new URL(request.url);
  const tab = readTab(url);
  const kind = readKind(url);
  const headers = { "Cache-Control": "no-store" };
  if (tab === "articles") {
    const articles = await listArticleFavorites(caller, {
      kind,
      current: readPage(url),
      size: ARTICLES_PER_PAGE,
    }).catch(throwApiError);
    return data({ tab, kind: kind ?? null, articles, folders: null, confirmDelete: null }, { headers });
  }
  const folders = await listUserFolders(caller).catch(throwApiError);
  const confirmId = Number(url.searchParams.get("confirmDelete"));
  const confirmDelete = folders.find((folder) => folder.id === confirmId && !folder.isDefault) ?? null;
  return data({ tab, kind: null, articles: null, folders, confirmDelete }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  requireAuthGuard(request);
  return handleFavoritePageForm({ request, context }, new URL(request.url));
}

function Tabs({ tab }: { tab: Tab }) {
  return (
    <nav aria-label="收藏类型">
      <ul className="favorite-tabs">
        <li>
          <Link to="/user/favorite" aria-current={tab === "fonts" ? "page" : undefined}>
            字体
          </Link>
        </li>
        <li>
          <Link to="/user/favorite?tab=articles" aria-current={tab === "articles" ? "page" : undefined}>
            文章
          </Link>
        </li>
      </ul>
    </nav>
  );
}

function FieldError({ id, message }: { id: string; message?: string }) {
  if (!message) return null;
  return (
    <p id={id} className="form-error" role="alert">
      {message}
    </p>
  );
}

function CreateForm({ result }: { result?: FavoritePageActionData }) {
  const inputId = useId();
  const errorId = useId();
  const failed = result?.form === "create" ? result : undefined;
  return (
    <Form method="post" className="favorite-new" data-testid="create-folder">
      <input type="hidden" name="intent" value="create" />
      <label htmlFor={inputId} className="visually-hidden">
        新收藏夹名称
      </label>
      <input
        id={inputId}
        name="name"
        className="input"
        placeholder="新收藏夹名称，最多 20 个字"
        defaultValue={failed?.name ?? ""}
        key={failed ? `failed-${failed.message}` : "fresh"}
        aria-invalid={failed ? true : undefined}
        aria-describedby={failed ? errorId : undefined}
        autoComplete="off"
      />
      <button type="submit" className="btn btn--primary">
        新建收藏夹
      </button>
      <FieldError id={errorId} message={failed?.message} />
    </Form>
  );
}

type Folder = { id: number; name: string; isDefault: boolean; fontCount: number; createdAt: string };

function FolderRow({ folder, result }: { folder: Folder; result?: FavoritePageActionData }) {
  const inputId = useId();
  const errorId = useId();
  const failed = result?.folderId === folder.id && result.form !== "create" ? result : undefined;
  return (
    <li className="folder-item" data-folder={folder.name}>
      <div className="folder-item__main">
        <h2 className="folder-item__name">
          <Link to={`/user/favorite/${folder.id}`}>{folder.name}</Link>
        </h2>
        <p className="folder-item__meta">
          {folder.fontCount} 款字体{folder.isDefault ? " · 默认收藏夹" : ""}
        </p>
      </div>
      <div className="folder-item__actions">
        <Form method="post" className="folder-rename">
          <input type="hidden" name="intent" value="rename" />
          <input type="hidden" name="id" value={folder.id} />
          <label htmlFor={inputId} className="visually-hidden">
            {`重命名「${folder.name}」`}
          </label>
          <input
            id={inputId}
            name="name"
            className="input input--sm"
            defaultValue={failed?.form === "rename" ? (failed.name ?? folder.name) : folder.name}
            key={failed ? `failed-${failed.message}` : folder.name}
            aria-invalid={failed ? true : undefined}
            aria-describedby={failed ? errorId : undefined}
            autoComplete="off"
          />
          <button type="submit" className="btn btn--ghost btn--sm">
            重命名
          </button>
        </Form>
        {folder.isDefault ? null : (
          <Link
            to={`/user/favorite?confirmDelete=${folder.id}`}
            className="btn btn--ghost btn--sm"
            preventScrollReset
            aria-label={`删除收藏夹「${folder.name}」`}
          >
            删除
          </Link>
        )}
      </div>
      <FieldError id={errorId} message={failed?.message} />
    </li>
  );
}

function ConfirmDelete({ folder }: { folder: Folder }) {
  const titleId = useId();
  return (
    <section className="favorite-confirm" role="alertdialog" aria-labelledby={titleId} data-testid="confirm-delete">
      <h2 id={titleId} className="user-card__title">
        删除收藏夹「{folder.name}」？
      </h2>
      <p>其中的 {folder.fontCount} 款字体会一起移出收藏，此操作无法撤销。</p>
      <div className="favorite-confirm__actions">
        <Form method="post">
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={folder.id} />
          <button type="submit" className="btn btn--primary">
            确认删除
          </button>
        </Form>
        <Link to="/user/favorite" className="btn btn--ghost">
          取消
        </Link>
      </div>
    </section>
  );
}

function ArticleTab({
  articles,
  kind,
  result,
}: {
  articles: NonNullable<ReturnType<typeof useLoaderData<typeof loader>>["articles"]>;
  kind: ArticleKind | null;
  result?: FavoritePageActionData;
}) {
  const kindHref = (value?: ArticleKind) =>
    value ? `/user/favorite?tab=articles&kind=${value}` : "/user/favorite?tab=articles";
  const pageHref = (page: number) => `${kindHref(kind ?? undefined)}&page=${page}`;
  return (
    <>
      <ul className="chip-row" aria-label="文章类型">
        <li>
          <Link to={kindHref()} className="chip chip--small" aria-current={kind === null ? "page" : undefined}>
            全部
          </Link>
        </li>
        {ARTICLE_KINDS.map((value) => (
          <li key={value}>
            <Link to={kindHref(value)} className="chip chip--small" aria-current={kind === value ? "page" : undefined}>
              {ARTICLE_KIND_LABELS[value]}
            </Link>
          </li>
        ))}
      </ul>
      {result?.form === "article" ? <FieldError id="article-error" message={result.message} /> : null}
      {articles.records.length === 0 ? (
        <p className="favorite-empty">还没有收藏文章。在资讯、百科、案例、视频或专辑页面点「收藏」即可加入这里。</p>
      ) : (
        <ul className="favorite-articles">
          {articles.records.map((article) => (
            <li
              key={`${article.kind}:${article.id}`}
              className="favorite-article"
              data-article={`${article.kind}:${article.id}`}
            >
              <div className="favorite-article__main">
                <h2 className="favorite-article__title">
                  <Link to={article.path}>{article.title}</Link>
                </h2>
                <p className="favorite-article__meta">
                  <span className="chip chip--small">{ARTICLE_KIND_LABELS[article.kind]}</span>{" "}
                  <time dateTime={article.publishedAt}>{formatChinaDate(article.publishedAt)}</time>
                  {" · 收藏于 "}
                  <time dateTime={article.favoritedAt}>{formatChinaDate(article.favoritedAt)}</time>
                </p>
              </div>
              <Form method="post">
                <input type="hidden" name="intent" value="remove-article" />
                <input type="hidden" name="kind" value={article.kind} />
                <input type="hidden" name="articleId" value={article.id} />
                <button type="submit" className="btn btn--ghost btn--sm" aria-label={`取消收藏「${article.title}」`}>
                  取消收藏
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {articles.pages > 1 ? (
        <nav className="favorite-pager" aria-label="分页">
          {articles.current > 1 ? <Link to={pageHref(articles.current - 1)}>上一页</Link> : null}
          <span>
            第 {articles.current} / {articles.pages} 页
          </span>
          {articles.current < articles.pages ? <Link to={pageHref(articles.current + 1)}>下一页</Link> : null}
        </nav>
      ) : null}
    </>
  );
}

/** 我的收藏: font folders (create, rename, delete after a confirmation) and favorite articles. */
export default function FavoritePage() {
  const { tab, kind, articles, folders, confirmDelete } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>() as FavoritePageActionData | undefined;
  const busy = useNavigation().state === "submitting";
  return (
    <div className="user-page" aria-busy={busy || undefined}>
      <header className="page-head user-page__head">
        <h1 className="page-head__title">我的收藏</h1>
        <p className="page-head__lead">把喜欢的字体分进收藏夹，收藏的文章也都在这里。</p>
      </header>
      <Tabs tab={tab} />
      {tab === "articles" && articles ? (
        <ArticleTab articles={articles} kind={kind} result={result} />
      ) : (
        <>
          {confirmDelete ? <ConfirmDelete folder={confirmDelete} /> : null}
          {result?.form === "delete" ? <FieldError id="delete-error" message={result.message} /> : null}
          <CreateForm result={result} />
          <ul className="folder-list">
            {(folders ?? []).map((folder) => (
              <FolderRow key={folder.id} folder={folder} result={result} />
            ))}
          </ul>
        </>
      )}
    </div>
  );
}

export const meta = withSocialMeta(pageMeta);
