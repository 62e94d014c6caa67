/** Turns a path of a static asset (`/images/…`) into its URL, on STATIC_BASE when one is set. */
export type AssetUrl = (assetPath: string) => string;

export function assetUrlOn(publicBaseUrl: string | undefined): AssetUrl {
  const base = publicBaseUrl?.replace(/\/+$/, "");
  return (assetPath) => (base && assetPath.startsWith("/") ? `${base}${assetPath}` : assetPath);
}

/** A font number as the API accepts it (`10001`). */
export const FONT_GNO_PATTERN = /^\d{1,12}$/;

export function fontDownloadPath(gno: string, format: "ttf" | "woff2" = "ttf"): string {
  const path = `/api/v1/web/${gno}/download`;
  return format === "ttf" ? path : `${path}?format=${format}`;
}

/** The name a downloaded font is saved under, e.g. 站酷快乐体-常规.ttf. */
export function downloadFileName(familyName: string, weightName: string, format: "ttf" | "woff2" = "ttf"): string {
  return `${familyName}-${weightName}.${format}`;
}
