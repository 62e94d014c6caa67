import { FONT_GNO_PATTERN } from "@contract/catalogue";
import { ARTICLE_KINDS, type ArticleKind } from "@contract/favorite";
import { z } from "zod";

/** Where every favourite control posts. */
export const FAVORITE_ACTION = "/resources/favorite";

/** What a favourite control asks for. */
export const favoriteIntentSchema = z.discriminatedUnion("intent", [
  z.object({
    intent: z.enum(["add-font", "remove-font"]),
    fontGNo: z.string().regex(FONT_GNO_PATTERN),
    /** Absent: the default collection when adding, every collection when removing. */
    collectionId: z.number().int().positive().max(2_147_483_647).optional(),
  }),
  z.object({
    intent: z.enum(["add-article", "remove-article"]),
    kind: z.enum(ARTICLE_KINDS),
    articleId: z.number().int().positive().max(2_147_483_647),
  }),
]);
export type FavoriteIntent = z.infer<typeof favoriteIntentSchema>;

const positiveInt = (value: FormDataEntryValue | null) =>
  typeof value === "string" && /^\d{1,10}$/.test(value)
    ? Number(value)
    : value === null || value === ""
      ? undefined
      : NaN;

/** The intent a favourite form posted, or null when it is not one. */
export function readFavoriteIntent(form: FormData): FavoriteIntent | null {
  const intent = form.get("intent");
  const parsed = favoriteIntentSchema.safeParse(
    intent === "add-article" || intent === "remove-article"
      ? { intent, kind: form.get("kind"), articleId: positiveInt(form.get("articleId")) }
      : { intent, fontGNo: form.get("fontGNo"), collectionId: positiveInt(form.get("collectionId")) },
  );
  return parsed.success ? parsed.data : null;
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
