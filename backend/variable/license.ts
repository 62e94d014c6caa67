import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { classifyLicense, type ClassifiedLicense } from "../catalogue/license.js";

const require = createRequire(import.meta.url);

/** Addresses that name the SIL Open Font License 1.1 and nothing else. */
const OFL_URLS = [/^https?:\/\/scripts\.sil\.org\/OFL\/?$/i, /^https?:\/\/(www\.)?openfontlicense\.org\/?$/i];

/**
 * The license of a variable family, from its name table as for the static catalogue: name ID 13
 * (license text) when present. The web builds of these families drop ID 13 and keep ID 14, the
 * license address, or drop both (Recursive); then the LICENSE file published with the font decides,
 * and an ID 14 that names another license than that file rules the font out.
 */
export function variableFontLicense(
  names: { licenseDescription: string | null; licenseUrl: string | null },
  packageName: string,
): ClassifiedLicense | null {
  const fromDescription = classifyLicense(names.licenseDescription, names.licenseUrl);
  if (fromDescription) return fromDescription;
  const url = names.licenseUrl?.trim() || null;
  const packageLicense = classifyLicense(readPackageLicense(packageName), url);
  if (packageLicense?.code !== "OFL-1.1") return null;
  if (url && !OFL_URLS.some((pattern) => pattern.test(url))) return null;
  const nameTable = url
    ? `字体名称表 nameID 14 给出 SIL Open Font License 1.1 的地址 ${url}`
    : "字体名称表未写授权协议";
  return {
    ...packageLicense,
    commercialSource: `${nameTable}，随字体发布的 LICENSE 文件声明采用 SIL Open Font License 1.1，允许免费商用`,
  };
}

function readPackageLicense(packageName: string): string | null {
  try {
    return readFileSync(require.resolve(`${packageName}/LICENSE`), "utf8");
  } catch {
    return null;
  }
}
