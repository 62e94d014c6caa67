import type { ArticleKind } from "@contract/favorite-values";
import { cn } from "~/utils/misc";
import { useRootData } from "~/utils/root-data";
import { FAVORITE_STATES, FavoriteForm, HeartIcon, useOptimisticFavorites } from "./favorite-control";
import { articleStateKey } from "./favorite-form";
import { VisitorPart } from "~/utils/visitor-parts";

/** 收藏 / 已收藏 on a news, baike, case, video or album page; its state comes from the root loader. */
export function ArticleFavoriteControl({ kind, id, className }: { kind: ArticleKind; id: number; className?: string }) {
  const root = useRootData();
  const key = articleStateKey(kind, id);
  const favorited = useOptimisticFavorites().get(key) ?? (root?.favoriteArticleKeys ?? []).includes(key);
  return (
    <VisitorPart
      states={FAVORITE_STATES}
      state={favorited ? "on" : "off"}
      pick={(each) => ((each.favoriteArticleKeys ?? []).includes(key) ? "on" : "off")}
      render={(state) => (
        <ArticleFavoriteButton kind={kind} id={id} stateKey={key} className={className} favorited={state === "on"} />
      )}
    />
  );
}

function ArticleFavoriteButton({
  kind,
  id,
  stateKey,
  className,
  favorited,
}: {
  kind: ArticleKind;
  id: number;
  /** `articleStateKey(kind, id)`. */
  stateKey: string;
  className?: string;
  favorited: boolean;
}) {
  return (
    <FavoriteForm
      className={cn("favorite-control article-favorite", className)}
      fields={{ intent: favorited ? "remove-article" : "add-article", kind, articleId: id }}
    >
      <button
        type="submit"
        className={cn("favorite-control__button", favorited && "favorite-control__button--active")}
        aria-pressed={favorited}
        data-article-favorite={stateKey}
        data-favorited={favorited ? "true" : "false"}
      >
        <HeartIcon filled={favorited} />
        <span>{favorited ? "已收藏" : "收藏"}</span>
      </button>
    </FavoriteForm>
  );
}
