import { CompareControl } from "~/components/compare/compare-control";
import { FavoriteControl } from "~/components/favorites/favorite-control";
import type { ComponentType } from "react";
import { cn } from "~/utils/misc";

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
