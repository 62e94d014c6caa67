import { downloadFont } from "../../contract/catalogue.js";
import { endpointPath } from "../../contract/endpoint.js";

/** Turns a path of a static asset (`/images/…`) into its URL, on STATIC_BASE when one is set. */
export type AssetUrl = (assetPath: string) => string;

export function assetUrlOn(publicBaseUrl: string | undefined): AssetUrl {
  const base = publicBaseUrl?.replace(/\/+$/, "");
  return (assetPath) => (base && assetPath.startsWith("/") ? `${base}${assetPath}` : assetPath);
}

export function fontDownloadPath(gno: string, format: "ttf" | "woff2" = "ttf"): string {
  const path = endpointPath(downloadFont, { id: gno });
  return format === "ttf" ? path : `${path}?format=${format}`;
}

/** The name a downloaded font is saved under, e.g. 站酷快乐体-常规.ttf. */
export function downloadFileName(familyName: string, weightName: string, format: "ttf" | "woff2" = "ttf"): string {
  return `${familyName}-${weightName}.${format}`;
}
