import { favoriteFolderNameSchema } from "@contract/favorite-fonts";
import { articleKindSchema } from "@contract/favorite";
import { data } from "@remix-run/node";
import { isApiError, type ApiCaller } from "~/services/api-client.server";
import { createFolder, removeArticleFavorite, removeFolder, renameFolder } from "~/services/favorites.server";
import { errorMessage } from "~/utils/api-errors";
import { parseFormSubmission } from "~/utils/form-data.server";
import { redirectWithToast } from "~/utils/toast.server";

/** What the page shows after a refused form: the message, next to the form it came from, and what was typed. */
export type FavoritePageActionData = {
  form: "create" | "rename" | "delete" | "article";
  folderId?: number;
  name?: string;
  message: string;
};

const INVALID = "操作不正确，请刷新页面后重试";

function positiveId(value: FormDataEntryValue | null): number | null {
  return typeof value === "string" && /^\d{1,10}$/.test(value) && Number(value) >= 1 && Number(value) <= 2_147_483_647
    ? Number(value)
    : null;
}

function refused(body: FavoritePageActionData, status = 400) {
  return data(body, { status, headers: { "Cache-Control": "no-store" } });
}

/**
 * The favorites page's forms: `intent` create (name), rename (id, name), delete (id, after the
 * confirmation step) and remove-article (kind, articleId). Done: back to the page with a toast.
 */
export async function handleFavoritePageForm(caller: ApiCaller, pageUrl: URL) {
  const form = await parseFormSubmission(caller.request);
  const intent = form.get("intent");
  const rawName = form.get("name");
  const name = typeof rawName === "string" ? rawName : "";
  const fontsTab = "/user/favorite";
  try {
    switch (intent) {
      case "create": {
        const parsed = favoriteFolderNameSchema.safeParse(name);
        if (!parsed.success) return refused({ form: "create", name, message: parsed.error.issues[0]!.message });
        const made = await createFolder(caller, parsed.data);
        return redirectWithToast(fontsTab, { type: "success", message: `已创建收藏夹「${made.name}」` });
      }
      case "rename": {
        const id = positiveId(form.get("id"));
        if (id === null) return refused({ form: "rename", message: INVALID });
        const parsed = favoriteFolderNameSchema.safeParse(name);
        if (!parsed.success) {
          return refused({ form: "rename", folderId: id, name, message: parsed.error.issues[0]!.message });
        }
        const renamed = await renameFolder(caller, id, parsed.data);
        return redirectWithToast(fontsTab, { type: "success", message: `已重命名为「${renamed.name}」` });
      }
      case "delete": {
        const id = positiveId(form.get("id"));
        if (id === null) return refused({ form: "delete", message: INVALID });
        await removeFolder(caller, id);
        return redirectWithToast(fontsTab, { type: "success", message: "已删除收藏夹" });
      }
      case "remove-article": {
        const kind = articleKindSchema.safeParse(form.get("kind"));
        const id = positiveId(form.get("articleId"));
        if (!kind.success || id === null) return refused({ form: "article", message: INVALID });
        await removeArticleFavorite(caller, { kind: kind.data, id });
        return redirectWithToast(`${pageUrl.pathname}${pageUrl.search}`, {
          type: "success",
          message: "已取消收藏文章",
        });
      }
      default:
        return refused({ form: "create", message: INVALID });
    }
  } catch (error) {
    if (!isApiError(error)) throw error;
    const id = positiveId(form.get("id")) ?? undefined;
    const which =
      intent === "rename" || intent === "delete" ? intent : intent === "remove-article" ? "article" : "create";
    return refused({ form: which, folderId: id, name, message: errorMessage(error) }, error.status === 404 ? 404 : 400);
  }
}
