/** Where a font file of the catalogue comes from: a file shipped in an installed npm package. */
export type FontFileSource =
  | { format: "ttf"; packageFile: string }
  /** A WOFF2 holding the whole font; it is decoded to TTF once, under the data directory. */
  | { format: "woff2"; packageFile: string };

/** The editorial side of a family; everything else is read from its font files. */
export type FamilySeed = {
  slug: string;
  nameZh: string;
  /** Toneless pinyin of nameZh, for the `name` sort. */
  pinyin: string;
  description: string;
  /** Style category codes; `free` is added from the licence, `all` is implied. */
  styles: string[];
  tags: string[];
  files: FontFileSource[];
  createdAt: string;
  recommendSort: number | null;
  /** Downloads the default weight starts with, so that the `hot` sort has something to sort by. */
  initialDownloads: number;
  videoUrl: string | null;
};

function expoFiles(packageName: string, filePrefix: string, weights: string[]): FontFileSource[] {
  return weights.map((weight) => ({
    format: "ttf",
    packageFile: `@expo-google-fonts/${packageName}/${weight}/${filePrefix}_${weight}.ttf`,
  }));
}

const NOTO_SANS_WEIGHTS = [
  "100Thin",
  "200ExtraLight",
  "300Light",
  "400Regular",
  "500Medium",
  "600SemiBold",
  "700Bold",
  "800ExtraBold",
  "900Black",
];

/** In catalogue order: fonts get their numbers (10001, 10002, …) in this order, by weight within a family. */
export const FAMILY_SEEDS: readonly FamilySeed[] = [
  {
    slug: "noto-sans-sc",
    nameZh: "思源黑体",
    pinyin: "siyuan heiti",
    description:
      "思源黑体是 Google 与 Adobe 联合主导开发的开源无衬线中文字体，简体中文版本在 Google Fonts 上名为 Noto Sans SC。字形方正、中宫适中，从极细到超粗共 9 个字重，完整覆盖 GB2312 汉字。笔画干净利落，适合短视频字幕、信息图和品牌文案，是最稳妥的通用黑体之一。",
    styles: ["hei", "daily", "subtitle", "news", "brand", "vlog", "classic"],
    tags: ["黑体", "无衬线", "多字重", "字幕", "正文"],
    files: expoFiles("noto-sans-sc", "NotoSansSC", NOTO_SANS_WEIGHTS),
    createdAt: "2023-03-06T02:00:00.000Z",
    recommendSort: 3,
    initialDownloads: 980,
    videoUrl: null,
  },
  {
    slug: "noto-serif-sc",
    nameZh: "思源宋体",
    pinyin: "siyuan songti",
    description:
      "思源宋体是 Google 与 Adobe 继思源黑体之后推出的开源宋体，简体中文版本名为 Noto Serif SC。横细竖粗，起笔收笔带有传统宋体的笔锋装饰，提供从特细到超粗的 8 个字重。适合新闻、纪录片和剧情类视频的标题与字幕，也常用于国风和文艺封面。",
    styles: ["song", "news", "plot", "classic", "chinese", "cover"],
    tags: ["宋体", "衬线", "多字重", "标题"],
    files: expoFiles("noto-serif-sc", "NotoSerifSC", NOTO_SANS_WEIGHTS.slice(1)),
    createdAt: "2023-05-18T02:00:00.000Z",
    recommendSort: 6,
    initialDownloads: 640,
    videoUrl: null,
  },
  {
    slug: "noto-sans-tc",
    nameZh: "思源黑体 繁体",
    pinyin: "siyuan heiti fanti",
    description:
      "Noto Sans TC 是思源黑体的繁体中文版本，字形遵循台湾地区的标准字形写法，由 Google 与 Adobe 合作开发，同样提供 9 个字重。它完整覆盖 Big5 常用字，适合面向港澳台观众的字幕和繁体标题。",
    styles: ["hei", "subtitle", "news", "daily"],
    tags: ["黑体", "繁体", "多字重", "字幕"],
    files: expoFiles("noto-sans-tc", "NotoSansTC", NOTO_SANS_WEIGHTS),
    createdAt: "2023-08-02T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 150,
    videoUrl: null,
  },
  {
    slug: "zcool-kuaile",
    nameZh: "站酷快乐体",
    pinyin: "zhanku kuaileti",
    description:
      "站酷快乐体由站酷（ZCOOL）联合设计师刘兵克创作，以开源许可免费提供。笔画圆润饱满，字形活泼跳跃，带有鲜明的综艺和卡通气质。适合萌宠、美食、搞笑等轻松题材的标题和花字。",
    styles: ["cute", "humour", "pets", "food", "flower", "round", "2d"],
    tags: ["可爱", "卡通", "综艺", "圆润"],
    files: expoFiles("zcool-kuaile", "ZCOOLKuaiLe", ["400Regular"]),
    createdAt: "2023-10-12T02:00:00.000Z",
    recommendSort: 1,
    initialDownloads: 860,
    videoUrl: null,
  },
  {
    slug: "zcool-qingke-huangyou",
    nameZh: "站酷庆科黄油体",
    pinyin: "zhanku qingke huangyouti",
    description:
      "站酷庆科黄油体由站酷设计师郑庆科设计，是一款粗壮方正的标题字体。字形紧凑、笔画厚重，带一点复古招贴的味道，视觉冲击力强。适合封面大字、卡点视频和促销广告标题。",
    styles: ["cover", "beat", "brand", "power", "cool", "opening"],
    tags: ["标题", "粗体", "综艺", "复古"],
    files: expoFiles("zcool-qingke-huangyou", "ZCOOLQingKeHuangYou", ["400Regular"]),
    createdAt: "2024-01-09T02:00:00.000Z",
    recommendSort: 5,
    initialDownloads: 470,
    videoUrl: null,
  },
  {
    slug: "zcool-xiaowei",
    nameZh: "站酷小薇体",
    pinyin: "zhanku xiaoweiti",
    description:
      "站酷小薇体由设计师 David Lee 为站酷设计，是一款以宋体为骨架的文艺标题字体。笔画纤细、结构修长，转折处保留了书写的韵味。适合旅行 Vlog、清新日系和文艺类视频的标题与字幕。",
    styles: ["fresh", "travel", "vlog", "art", "japanese", "song"],
    tags: ["文艺", "清新", "宋体", "标题"],
    files: expoFiles("zcool-xiaowei", "ZCOOLXiaoWei", ["400Regular"]),
    createdAt: "2024-03-21T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 310,
    videoUrl: null,
  },
  {
    slug: "ma-shan-zheng",
    nameZh: "马善政毛笔楷书",
    pinyin: "mashanzheng maobi kaishu",
    description:
      "马善政毛笔楷书取自书法家马善政的楷书手迹，由正琪（ZhongQi）数字化制作并以开源许可发布。字形端正，笔锋饱满，保留了毛笔楷书的提按变化。适合国风、节日祝福和传统文化题材的标题。",
    styles: ["handwriting", "brush", "chinese", "classic", "art"],
    tags: ["手写", "毛笔", "楷书", "国风"],
    files: expoFiles("ma-shan-zheng", "MaShanZheng", ["400Regular"]),
    createdAt: "2024-05-30T02:00:00.000Z",
    recommendSort: 4,
    initialDownloads: 520,
    videoUrl: null,
  },
  {
    slug: "zhi-mang-xing",
    nameZh: "志莽行书",
    pinyin: "zhimang xingshu",
    description:
      "志莽行书是一款行书风格的书法字体，由正琪（ZhongQi）数字化制作并以开源许可发布。笔画连带流畅、行气自然，兼具书写的速度感和可读性。适合国风短片、诗词文案和需要手写感的字幕。",
    styles: ["handwriting", "brush", "chinese", "art", "creative"],
    tags: ["手写", "毛笔", "行书", "国风"],
    files: expoFiles("zhi-mang-xing", "ZhiMangXing", ["400Regular"]),
    createdAt: "2024-08-14T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 260,
    videoUrl: null,
  },
  {
    slug: "liu-jian-mao-cao",
    nameZh: "刘建毛草",
    pinyin: "liujian maocao",
    description:
      "刘建毛草是一款奔放的毛笔草书字体，由正琪（ZhongQi）等制作并以开源许可发布。笔势飞动、墨色浓淡分明，个性十足。适合武侠、励志和力量感的封面大字，不宜用于大段字幕。",
    styles: ["brush", "handwriting", "power", "personality", "cool"],
    tags: ["毛笔", "草书", "手写", "个性"],
    files: [{ format: "ttf", packageFile: "@expo-google-fonts/liu-jian-mao-cao/LiuJianMaoCao_400Regular.ttf" }],
    createdAt: "2024-10-08T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 190,
    videoUrl: null,
  },
  {
    slug: "cactus-classical-serif",
    nameZh: "仙人掌明体",
    pinyin: "xianrenzhang mingti",
    description:
      "仙人掌明体（Cactus Classical Serif）由 Moonlit Owen 主持开发，是一款以传统印刷明体为基础的繁体中文宋体，部分字形取自 GlyphWiki。字形古朴典雅，收字五万余，对罕用字和古籍用字覆盖很广。适合古风、历史和读书类视频的标题与字幕。",
    styles: ["song", "classic", "chinese", "plot"],
    tags: ["宋体", "繁体", "古籍", "衬线"],
    files: expoFiles("cactus-classical-serif", "CactusClassicalSerif", ["400Regular"]),
    createdAt: "2025-01-16T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 90,
    videoUrl: null,
  },
  {
    slug: "lxgw-wenkai",
    nameZh: "霞鹜文楷",
    pinyin: "xiawu wenkai",
    description:
      "霞鹜文楷由 LXGW 基于 Fontworks 的开源字体 Klee One 衍生而来，是一款开源中文楷体，这里提供细体、常规、粗体三个字重。字形清秀耐看，兼具楷书的书写感和屏幕阅读的清晰度。适合读书、知识分享、Vlog 字幕和文艺封面。",
    styles: ["handwriting", "daily", "vlog", "fresh", "subtitle", "japanese"],
    tags: ["楷体", "手写", "文艺", "多字重", "字幕"],
    files: [300, 500, 700].map((weight) => ({
      format: "woff2",
      packageFile: `@fontsource/lxgw-wenkai/files/lxgw-wenkai-latin-${weight}-normal.woff2`,
    })),
    createdAt: "2025-04-22T02:00:00.000Z",
    recommendSort: 2,
    initialDownloads: 790,
    videoUrl: null,
  },
  {
    slug: "unifont-ex",
    nameZh: "Unifont EX 点阵体",
    pinyin: "unifont ex dianzhenti",
    description:
      "Unifont EX 是在 GNU Unifont 点阵字体基础上扩展而来的像素风字体，由 stgiga 整理发布。每个字都由 16×16 的点阵构成，几乎覆盖整个 Unicode 基本多文种平面。复古像素质感强烈，适合游戏解说、二次元和赛博风格的视频。",
    styles: ["game", "2d", "anime", "creative", "personality"],
    tags: ["像素", "游戏", "点阵", "复古"],
    files: [{ format: "woff2", packageFile: "@fontsource/unifontex/files/unifontex-latin-400-normal.woff2" }],
    createdAt: "2025-07-03T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 70,
    videoUrl: null,
  },
];

export const FIRST_FONT_GNO = 10001;
