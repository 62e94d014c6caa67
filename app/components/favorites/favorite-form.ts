import { FONT_GNO_PATTERN } from "@contract/catalogue-values";
import { ARTICLE_KINDS, type ArticleKind } from "@contract/favorite-values";

/** Where every favourite control posts. */
export const FAVORITE_ACTION = "/resources/favorite";

/** What a favourite control asks for. */
export type FavoriteIntent =
  | {
      intent: "add-font" | "remove-font";
      fontGNo: string;
      /** Absent: the default collection when adding, every collection when removing. */
      collectionId?: number;
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
 * from JSON), or null when it is not one. Plain checks: the favourite controls read it in the
 * browser as well.
 */
export function favoriteIntentFrom(field: (name: string) => unknown): FavoriteIntent | null {
  const intent = field("intent");
  if (intent === "add-font" || intent === "remove-font") {
    const fontGNo = field("fontGNo");
    const collectionId = positiveId(field("collectionId"));
    if (typeof fontGNo !== "string" || !FONT_GNO_PATTERN.test(fontGNo) || Number.isNaN(collectionId)) return null;
    return collectionId === undefined ? { intent, fontGNo } : { intent, fontGNo, collectionId };
  }
  if (intent === "add-article" || intent === "remove-article") {
    const kind = ARTICLE_KINDS.find((known) => known === field("kind"));
    const articleId = positiveId(field("articleId"));
    if (!kind || articleId === undefined || Number.isNaN(articleId)) return null;
    return { intent, kind, articleId };
  }
  return null;
}

/** The intent a favourite form posted, or null when it is not one. */
export function readFavoriteIntent(form: FormData): FavoriteIntent | null {
  return favoriteIntentFrom((name) => form.get(name));
}

/** What the toast says once the intent is done. */
export function favoriteDoneMessage(intent: FavoriteIntent, collectionName?: string): string {
  switch (intent.intent) {
    case "add-font":
      return collectionName ? `已加入收藏夹「${collectionName}」` : "已加入收藏";
    case "remove-font":
      return intent.collectionId ? "已移出收藏夹" : "已取消收藏";
    case "add-article":
      return "已收藏文章";
    case "remove-article":
      return "已取消收藏文章";
  }
}

export function articleStateKey(kind: ArticleKind, id: number): string {
  return `${kind}:${id}`;
}
