import type { VariableAxis } from "@contract/variable";
import { useNonce } from "~/utils/nonce";
import type { VariableFace } from "~/services/variable.server";
import { variableFontFaceCss } from "./variation";

/** Declares variable subsets in the server-rendered page, so previews show without JavaScript. */
export function VariableFaces({ faces }: { faces: Array<{ face: VariableFace; axes: readonly VariableAxis[] }> }) {
  const nonce = useNonce();
  const css = faces.map(({ face, axes }) => variableFontFaceCss(face, axes)).join("\n");
  if (!css) return null;
  // The browser hides a nonce once the page has loaded, so hydration reads it as empty.
  return (
    <style
      data-variable-faces=""
      nonce={nonce || undefined}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: css }}
    />
  );
}
