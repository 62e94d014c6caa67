import { useNonce } from "~/utils/nonce";
import { SCRIPTS_AFTER_PAINT_BOOT } from "~/utils/scripts-after-paint";

/** Rendered after `<Scripts>`: starts the page's JavaScript once the page has been painted. */
export function ScriptsAfterPaint() {
  const nonce = useNonce();
  return (
    <script
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: SCRIPTS_AFTER_PAINT_BOOT }}
    />
  );
}
