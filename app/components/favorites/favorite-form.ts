import { FONT_GNO_PATTERN } from "@contract/catalogue-values";
import { ARTICLE_KINDS, type ArticleKind } from "@contract/favorite-values";

/** Where every favorite control posts. */
export const FAVORITE_ACTION = "/resources/favorite";

/** What a favorite control asks for. */
export type FavoriteIntent =
  | {
      intent: "add-font" | "remove-font";
      fontGNo: string;
      /** Absent: the default folder when adding, every folder when removing. */
      folderId?: number;
    }
  | { intent: "add-article" | "remove-article"; kind: ArticleKind; articleId: number };

const ID_MAX = 2_147_483_647;

/** A positive id written in digits (a form) or as a number (JSON); undefined when absent, NaN when invalid. */
function positiveId(value: unknown): number | undefined {
  if (value === null || value === undefined || value === "") return undefined;
  const id =
    typeof value === "number" ? value : typeof value === "string" && /^\d{1,10}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(id) && id >= 1 && id <= ID_MAX ? id : NaN;
}

/**
 * The intent named by `field` (a posted form's values, or the fields of a waiting intent read back
 * from JSON), or null when it is not one. Plain checks: the favorite controls read it in the
 * browser as well.
 */
export function favoriteIntentFrom(field: (name: string) => unknown): FavoriteIntent | null {
  const intent = field("intent");
  if (intent === "add-font" || intent === "remove-font") {
    const fontGNo = field("fontGNo");
    const folderId = positiveId(field("folderId"));
    if (typeof fontGNo !== "string" || !FONT_GNO_PATTERN.test(fontGNo) || Number.isNaN(folderId)) return null;
    return folderId === undefined ? { intent, fontGNo } : { intent, fontGNo, folderId };
  }
  if (intent === "add-article" || intent === "remove-article") {
    const kind = ARTICLE_KINDS.find((known) => known === field("kind"));
    const articleId = positiveId(field("articleId"));
    if (!kind || articleId === undefined || Number.isNaN(articleId)) return null;
    return { intent, kind, articleId };
  }
  return null;
}

/** The intent a favorite form posted, or null when it is not one. */
export function readFavoriteIntent(form: FormData): FavoriteIntent | null {
  return favoriteIntentFrom((name) => form.get(name));
}

/** What the toast says once the intent is done. */
export function favoriteDoneMessage(intent: FavoriteIntent, folderName?: string): string {
  switch (intent.intent) {
    case "add-font":
      return folderName ? `已加入收藏夹「${folderName}」` : "已加入收藏";
    case "remove-font":
      return intent.folderId ? "已移出收藏夹" : "已取消收藏";
    case "add-article":
      return "已收藏文章";
    case "remove-article":
      return "已取消收藏文章";
  }
}

export function articleStateKey(kind: ArticleKind, id: number): string {
  return `${kind}:${id}`;
}
