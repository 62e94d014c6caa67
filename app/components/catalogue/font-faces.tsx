import type { PreviewFace } from "~/services/catalogue/fonts";
import { cssString } from "~/utils/css-string";
import { useNonce } from "~/utils/nonce";
import { PreviewPart } from "~/utils/preview-parts";

export type FontFacesProps = {
  faces: Record<string, PreviewFace> | PreviewFace[];
  /** `block` (default) hides text briefly instead of flashing the fallback font. */
  display?: "block" | "swap" | "fallback" | "optional" | "auto";
  /**
   * Faces shown above the fold: fetched as soon as the HTML arrives instead of after the styles,
   * because with `block` their text (often the page's largest) stays invisible until they load.
   */
  preload?: Array<PreviewFace | undefined>;
};

/** Only http(s) URLs and absolute/relative paths are allowed in `src`. */
function safeUrl(url: string): string | null {
  if (!url) return null;
  if (/^https?:\/\//i.test(url) || url.startsWith("/") || url.startsWith("./")) return url;
  if (/^[a-z][a-z0-9+.-]*:/i.test(url)) return null;
  return url;
}

/** The subset service may hand out WOFF2 under `woffPath`; tell the browser the right format. */
function isWoff2(url: string): boolean {
  return /\.woff2(?:[?#]|$)/i.test(url) || /[?&]format=woff2\b/i.test(url);
}

/** The CSS text of the @font-face rules (exported for tests). */
export function fontFacesCss(faces: FontFacesProps["faces"], display: FontFacesProps["display"] = "block"): string {
  const list = Array.isArray(faces) ? faces : Object.values(faces);
  const seen = new Set<string>();
  const rules: string[] = [];
  for (const face of list) {
    if (!face || !face.familyName || seen.has(face.familyName)) continue;
    const sources: string[] = [];
    const woff = safeUrl(face.woffPath);
    const ttf = safeUrl(face.ttfPath);
    if (woff) sources.push(`url(${cssString(woff)}) format("${isWoff2(woff) ? "woff2" : "woff"}")`);
    if (ttf) sources.push(`url(${cssString(ttf)}) format("truetype")`);
    if (sources.length === 0) continue;
    seen.add(face.familyName);
    rules.push(
      `@font-face{font-family:${cssString(face.familyName)};src:${sources.join(",")};font-display:${display};}`,
    );
  }
  return rules.join("\n");
}

/**
 * Declares subset faces in the server-rendered HTML so previews show without JavaScript.
 */
export function FontFaces(props: FontFacesProps) {
  return (
    <PreviewPart>
      <FontFacesMarkup {...props} />
    </PreviewPart>
  );
}

function FontFacesMarkup({ faces, display = "block", preload = [] }: FontFacesProps) {
  const nonce = useNonce();
  const css = fontFacesCss(faces, display);
  if (!css) return null;
  const early = [...new Set(preload.map((face) => (face?.familyName ? safeUrl(face.woffPath) : null)))];
  return (
    <>
      {early.map((url) =>
        url ? (
          <link
            key={url}
            rel="preload"
            as="font"
            type={isWoff2(url) ? "font/woff2" : "font/woff"}
            href={url}
            crossOrigin="anonymous"
          />
        ) : null,
      )}
      {/* The browser hides a nonce once the page has loaded, so hydration reads it as empty. */}
      <style
        data-font-faces=""
        nonce={nonce || undefined}
        suppressHydrationWarning
        dangerouslySetInnerHTML={{ __html: css }}
      />
    </>
  );
}
