import { licenseKind, type License } from "./fonts";

/** A plain-Chinese explanation of what a license allows. */
export function licenseExplanation(license: Pick<License, "code" | "commercialLabel">): string {
  const code = license.code.toUpperCase();
  if (code.startsWith("OFL")) {
    return "这是 SIL 开源字体授权协议（OFL）。个人和商业用途都免费：可以用在短视频标题、字幕、封面、海报、广告和 App 里，也可以嵌入到作品或软件中分发。可以修改字体，但修改后的版本不能再用原来的字体名发布；不能单独把字体文件拿去售卖。";
  }
  if (code.startsWith("APACHE")) {
    return "这是 Apache 2.0 授权协议。个人和商业用途都免费，可以修改和再分发，再分发时需要保留原有的版权和授权协议声明。";
  }
  if (code.startsWith("GPL") || code.includes("FONT-EXCEPTION")) {
    return "这是带字体例外条款的 GPL 授权协议。可以免费在作品中使用字体（包括商业作品）；如果修改并分发字体本身，修改版也必须以相同授权协议开源。";
  }
  switch (licenseKind(license)) {
    case "free":
      return "该字体允许免费商用：可以用于短视频、封面、海报、广告等商业作品。使用前仍建议阅读完整的授权协议原文。";
    case "personal":
      return "该字体仅限个人非商业使用免费：个人学习、练习、非盈利分享可以使用；用于商业视频、广告、带货、企业账号等商业用途前，需要联系版权方购买授权。";
    default:
      return "该字体需要获得授权才能使用。商业或公开发布前，请先联系版权方取得授权，以免侵权。";
  }
}
