import type { AdvertPosition, FontSort } from "../../contract/catalogue.js";

/** Site furniture seeded with the catalogue: search suggestions, links, menus, adverts. */

export const HOT_KEYWORDS: readonly string[] = [
  "可爱",
  "手写",
  "毛笔",
  "思源黑体",
  "站酷",
  "综艺",
  "国风",
  "楷体",
  "像素",
  "免费商用",
];

/** `link` is stored as entered: a bare domain gets its scheme from `linkType` on the website. */
export const FRIEND_LINKS = [
  { name: "站酷", link: "www.zcool.com.cn", linkType: 2 },
  { name: "Google Fonts", link: "https://fonts.google.com", linkType: 2 },
  { name: "霞鹜文楷", link: "github.com/lxgw/LxgwWenKai", linkType: 2 },
  { name: "SIL 开源字体授权协议", link: "openfontlicense.org", linkType: 1 },
  { name: "GNU Unifont", link: "unifoundry.com/unifont/", linkType: 1 },
  { name: "Fontsource", link: "https://fontsource.org", linkType: 2 },
] as const;

export const WEB_COLUMNS = [
  { name: "字体", url: "/font", type: "header" },
  { name: "可变字体", url: "/variable", type: "header" },
  { name: "专辑", url: "/album", type: "header" },
  { name: "书法百科", url: "/baike", type: "header" },
  { name: "案例", url: "/case", type: "header" },
  { name: "视频", url: "/video", type: "header" },
  { name: "资讯", url: "/news", type: "header" },
  { name: "联系我们", url: "/contact", type: "footer" },
  { name: "投稿", url: "/contact?type=submission", type: "footer" },
  { name: "字体授权协议", url: "/agreement/font", type: "footer" },
  { name: "用户注册协议", url: "/agreement/register", type: "footer" },
] as const;

export const ADVERTS: ReadonlyArray<{ title: string; image: string; link: string; position: AdvertPosition }> = [
  {
    title: "免费商用字体，放心用在你的短视频里",
    image: "/images/banner/free-commercial.svg",
    link: "/font?style=free",
    position: "home-banner",
  },
  { title: "可爱综艺字体合集", image: "/images/banner/cute.svg", link: "/font?style=cute", position: "home-banner" },
  { title: "国风毛笔字体", image: "/images/banner/brush.svg", link: "/font?style=brush", position: "home-banner" },
  {
    title: "投稿你的字体作品",
    image: "/images/banner/submission.svg",
    link: "/contact?type=submission",
    position: "font-list",
  },
  { title: "微信公众号", image: "/images/social/wechat.svg", link: "", position: "footer-qr" },
  { title: "微信视频号", image: "/images/social/video.svg", link: "", position: "footer-qr" },
  { title: "微博", image: "/images/social/weibo.svg", link: "", position: "footer-qr" },
  { title: "抖音", image: "/images/social/douyin.svg", link: "", position: "footer-qr" },
  { title: "快手", image: "/images/social/kuaishou.svg", link: "", position: "footer-qr" },
  { title: "哔哩哔哩", image: "/images/social/bilibili.svg", link: "", position: "footer-qr" },
  { title: "客服二维码", image: "/images/qr-service.svg", link: "", position: "footer-qr" },
];

export const FONT_SORT_NAMES: Record<FontSort, string> = { hot: "最热", new: "最新", name: "名称" };
