import { data, type LoaderFunctionArgs, type MetaFunction } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";
import { FontFaces } from "~/components/catalogue/font-faces";
import { FontPreview } from "~/components/font/font-preview";
import { parseSampleText, SampleTextForm } from "~/components/content/sample-text-form";
import { FavoriteForm } from "~/components/favorites/favorite-control";
import { getFolder } from "~/services/favorites.server";
import { loadSampleFaces } from "~/services/content.server";
import { requireAuthGuard } from "~/utils/auth.server";
import { fontHref, licenseKind } from "~/services/catalogue/fonts";
import { DEFAULT_PREVIEW_TEXT } from "~/services/catalogue/preview-text";
import { notFound, throwApiError } from "~/utils/responses.server";
import { withSocialMeta } from "~/utils/seo/social-meta";

const pageMeta: MetaFunction<typeof loader> = ({ data: page }) => [
  { title: `${page?.folder.name ?? "收藏夹"} - 我的收藏 - 短视频字体` },
  { name: "robots", content: "noindex" },
];

/** One of the user's folders, its fonts previewing `?text=` (another user's folder is a 404). */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  requireAuthGuard(request);
  const id = /^\d{1,10}$/.test(params.id ?? "") ? Number(params.id) : NaN;
  if (!(id >= 1 && id <= 2_147_483_647)) throw notFound();
  const caller = { request, context };
  const folder = await getFolder(caller, id).catch(throwApiError);
  const text = parseSampleText(new URL(request.url).searchParams);
  const shown = text || DEFAULT_PREVIEW_TEXT;
  const faces = await loadSampleFaces(
    caller,
    folder.fontList.map((font) => ({ fontGNo: font.fontGNo, text: shown })),
  );
  return data({ folder, text, shown, faces }, { headers: { "Cache-Control": "no-store" } });
}

export default function FolderPage() {
  const { folder, text, shown, faces } = useLoaderData<typeof loader>();
  return (
    <div className="user-page">
      <FontFaces faces={faces} />
      <header className="page-head user-page__head">
        <p>
          <Link to="/user/favorite">← 我的收藏</Link>
        </p>
        <h1 className="page-head__title">{folder.name}</h1>
        <p className="page-head__lead">
          {folder.fontCount} 款字体{folder.isDefault ? " · 默认收藏夹" : ""}
        </p>
      </header>
      <SampleTextForm text={text} placeholder={DEFAULT_PREVIEW_TEXT} />
      {folder.fontList.length === 0 ? (
        <p className="favorite-empty">
          这个收藏夹还是空的。去<Link to="/font">字体库</Link>点字体上的「收藏」加入吧。
        </p>
      ) : (
        <ul className="folder-fonts" aria-label={`${folder.name}的字体`}>
          {folder.fontList.map((font) => (
            <li key={font.fontGNo} className="folder-font" data-font-gno={font.fontGNo}>
              <div className="folder-font__head">
                <span>
                  <Link to={fontHref(font.fontGNo)}>
                    <strong>{font.fontName}</strong>
                  </Link>{" "}
                  <span
                    className={`license-badge license-badge--${licenseKind(font)}`}
                    title={`${font.commercialLabel}：${font.licenseName}`}
                  >
                    {font.commercialLabel}
                  </span>
                </span>
                <FavoriteForm fields={{ intent: "remove-font", fontGNo: font.fontGNo, folderId: folder.id }}>
                  <button type="submit" className="btn btn--ghost btn--sm" aria-label={`从收藏夹移出 ${font.fontName}`}>
                    移出
                  </button>
                </FavoriteForm>
              </div>
              <FontPreview
                gno={font.fontGNo}
                face={faces[font.fontGNo]}
                text={shown}
                className="folder-font__preview"
                label={`${font.fontName} 预览：${shown}`}
              />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

export const meta = withSocialMeta(pageMeta);
