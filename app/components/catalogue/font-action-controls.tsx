import { useEffect } from "react";
import { CompareControl } from "~/components/compare/compare-control";
import { FavoriteControl } from "~/components/favorites/favorite-control";
import type { FontActionTarget } from "./font-actions";

/**
 * The heart and compare controls of one font, in the chunk `FontActions` fetches on first use.
 * `onHydrated` runs once they handle their own submits.
 */
export function FontActionControls({ font, onHydrated }: { font: FontActionTarget; onHydrated: () => void }) {
  useEffect(onHydrated, [onHydrated]);
  return (
    <>
      <FavoriteControl font={font} />
      <CompareControl font={font} />
    </>
  );
}
