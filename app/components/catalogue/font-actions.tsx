import { useLocation } from "@remix-run/react";
import type { ComponentType, FormEvent } from "react";
import { applyCompareForm, COMPARE_ACTION, CompareControl } from "~/components/compare/compare-control";
import { useCompareList } from "~/components/compare/compare-store";
import { FavoriteControl, useFavoriteSubmit, useOptimisticFavorites } from "~/components/favorites/favorite-control";
import { FAVORITE_ACTION } from "~/components/favorites/favorite-form";
import { cn } from "~/utils/misc";
import { useRootData } from "~/utils/root-data";

/** The font a per-font control acts on, as every list and detail page knows it. */
export type FontActionTarget = { fontGNo: string; familyName: string };

/** A component giving a font its controls, as lists take it (`FontActions`). */
export type FontActionsComponent = ComponentType<{ font: FontActionTarget; className?: string }>;

/** The controls every font card, row and detail page carries: favorite, then compare. */
export function FontActions({ font, className }: { font: FontActionTarget; className?: string }) {
  return (
    <div className={cn("font-actions", className)}>
      <FavoriteControl font={font} />
      <CompareControl font={font} />
    </div>
  );
}

/**
 * For a list whose `FontActions` are kept as the server sent them (`ServerMarkup`), with none of
 * React's handlers. `state` is what the controls show (the visitor's favorites, those being posted,
 * their compare list, the page's address their forms come back to), as parts of the list's
 * `content`: once one changes, the list is rendered again with it. `onSubmit`, on an element
 * around the list, does what a kept control's own handler would when its form is submitted,
 * instead of letting the browser post it as a new page. A control React has rendered handles its
 * own submission, and `onSubmit` lets it be.
 */
export function useServedFontActions(): {
  state: readonly unknown[];
  onSubmit: (event: FormEvent<HTMLElement>) => void;
} {
  const root = useRootData();
  const compareList = useCompareList();
  const favoritesBeingPosted = useOptimisticFavorites();
  const location = useLocation();
  const submitFavorite = useFavoriteSubmit();
  const state = [
    root?.loggedIn,
    root?.favoriteFolders,
    root?.favoriteFontGNos,
    [...favoritesBeingPosted],
    compareList,
    `${location.pathname}${location.search}`,
  ];

  function onSubmit(event: FormEvent<HTMLElement>) {
    const form = event.target;
    if (event.defaultPrevented || !(form instanceof HTMLFormElement)) return;
    const action = form.getAttribute("action");
    if (action === FAVORITE_ACTION) {
      event.preventDefault();
      submitFavorite(form);
    } else if (action === COMPARE_ACTION) {
      event.preventDefault();
      applyCompareForm(form);
    }
  }

  return { state, onSubmit };
}
