import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { classifyLicence, type ClassifiedLicence } from "../catalogue/licence.js";

const require = createRequire(import.meta.url);

/** Addresses that name the SIL Open Font License 1.1 and nothing else. */
const OFL_URLS = [/^https?:\/\/scripts\.sil\.org\/OFL\/?$/i, /^https?:\/\/(www\.)?openfontlicense\.org\/?$/i];

/**
 * The licence of a variable family, from its name table as for the static catalogue: name ID 13
 * (licence text) when present. The web builds of these families drop ID 13 and keep ID 14, the
 * licence address, or drop both (Recursive); then the LICENSE file published with the font decides,
 * and an ID 14 that names another licence than that file rules the font out.
 */
export function variableFontLicence(
  names: { licenceDescription: string | null; licenceUrl: string | null },
  packageName: string,
): ClassifiedLicence | null {
  const fromDescription = classifyLicence(names.licenceDescription, names.licenceUrl);
  if (fromDescription) return fromDescription;
  const url = names.licenceUrl?.trim() || null;
  const packageLicence = classifyLicence(readPackageLicence(packageName), url);
  if (packageLicence?.code !== "OFL-1.1") return null;
  if (url && !OFL_URLS.some((pattern) => pattern.test(url))) return null;
  const nameTable = url ? `字体名称表 nameID 14 给出 SIL Open Font License 1.1 的地址 ${url}` : "字体名称表未写许可证";
  return {
    ...packageLicence,
    commercialSource: `${nameTable}，随字体发布的 LICENSE 文件声明采用 SIL Open Font License 1.1，允许免费商用`,
  };
}

function readPackageLicence(packageName: string): string | null {
  try {
    return readFileSync(require.resolve(`${packageName}/LICENSE`), "utf8");
  } catch {
    return null;
  }
}
