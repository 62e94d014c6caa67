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
  /** Style category codes; `free` is added from the license, `all` is implied. */
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

/**
 * The weights taken from a family added after the first twelve: its Regular and its Bold, or, without
 * a Bold, the heaviest weight below it. Enough for a title and its body text without shipping every
 * weight of a nine-weight family.
 */
function expoRegularAndBold(packageName: string, filePrefix: string, heavier = "700Bold"): FontFileSource[] {
  return expoFiles(packageName, filePrefix, ["400Regular", heavier]);
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
      "站酷快乐体由站酷（ZCOOL）联合设计师刘兵克创作，以开源授权免费提供。笔画圆润饱满，字形活泼跳跃，带有鲜明的综艺和卡通气质。适合萌宠、美食、搞笑等轻松题材的标题和花字。",
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
      "马善政毛笔楷书取自书法家马善政的楷书手迹，由正琪（ZhongQi）数字化制作并以开源授权发布。字形端正，笔锋饱满，保留了毛笔楷书的提按变化。适合国风、节日祝福和传统文化题材的标题。",
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
      "志莽行书是一款行书风格的书法字体，由正琪（ZhongQi）数字化制作并以开源授权发布。笔画连带流畅、行气自然，兼具书写的速度感和可读性。适合国风短片、诗词文案和需要手写感的字幕。",
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
      "刘建毛草是一款奔放的毛笔草书字体，由正琪（ZhongQi）等制作并以开源授权发布。笔势飞动、墨色浓淡分明，个性十足。适合武侠、励志和力量感的封面大字，不宜用于大段字幕。",
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
  {
    slug: "noto-serif-tc",
    nameZh: "思源宋体 繁体",
    pinyin: "siyuan songti fanti",
    description:
      "Noto Serif TC 是思源宋体的繁体中文版本，由 Google 与 Adobe 合作开发，汉字和假名由西塚凉子主持设计，字形遵循台湾地区的标准写法。横细竖粗、笔锋清晰，完整覆盖 Big5 常用字。这里收录常规和粗体两个字重，适合面向港澳台观众的纪录片、剧情和读书类视频标题与字幕。",
    styles: ["song", "classic", "chinese", "plot", "news"],
    tags: ["宋体", "繁体", "衬线", "标题"],
    files: expoRegularAndBold("noto-serif-tc", "NotoSerifTC"),
    createdAt: "2026-11-02T02:00:00.000Z",
    recommendSort: 8,
    initialDownloads: 210,
    videoUrl: null,
  },
  {
    slug: "klee-one",
    nameZh: "Klee One 硬笔楷体",
    pinyin: "klee one yingbi kaiti",
    description:
      "Klee One 是日本字体厂商 Fontworks 于 2020 年以开源授权发布的日文字体，字形模仿铅笔和钢笔写出的楷书，横竖带着手写的轻微起伏，霞鹜文楷正是由它衍生而来。收录日本常用汉字，约覆盖 GB2312 的一半，简体字需先用“能显示”筛选核对。这里收录常规和半粗两个字重，适合日系 Vlog、手账和学习类视频的字幕。",
    styles: ["handwriting", "japanese", "fresh", "daily", "vlog", "subtitle"],
    tags: ["手写", "日系", "日文", "字幕"],
    files: expoRegularAndBold("klee-one", "KleeOne", "600SemiBold"),
    createdAt: "2025-08-19T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 230,
    videoUrl: null,
  },
  {
    slug: "zen-kaku-gothic-new",
    nameZh: "Zen 角黑体",
    pinyin: "zen jiao heiti",
    description:
      "Zen Kaku Gothic New 是设计师 Yoshimichi Ohira 设计、Positype 发布的日文无衬线字体，2022 年起以开源授权提供。字形方正端庄、字怀略收，笔画末端干净利落，日文假名与汉字搭配匀称。收录日本常用汉字，约覆盖 GB2312 的一半。这里收录常规和粗体，适合日系品牌、旅行和生活类视频的字幕与说明文字。",
    styles: ["hei", "japanese", "brand", "subtitle", "travel"],
    tags: ["黑体", "无衬线", "日系", "日文"],
    files: expoRegularAndBold("zen-kaku-gothic-new", "ZenKakuGothicNew"),
    createdAt: "2025-09-04T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 180,
    videoUrl: null,
  },
  {
    slug: "zen-maru-gothic",
    nameZh: "Zen 圆黑体",
    pinyin: "zen yuan heiti",
    description:
      "Zen Maru Gothic 是 Yoshimichi Ohira 设计、Positype 发布的日文圆黑体，2021 年以开源授权提供，是 Zen 角黑体的圆角版本。笔画端点和转角都被磨圆，整体温和亲切，小字号下依然清晰。收录日本常用汉字，约覆盖 GB2312 的一半。这里收录常规和粗体，适合日系 Vlog、母婴、萌宠和生活分享类视频的字幕。",
    styles: ["round", "japanese", "fresh", "daily", "vlog", "pets"],
    tags: ["圆体", "日系", "日文", "字幕"],
    files: expoRegularAndBold("zen-maru-gothic", "ZenMaruGothic"),
    createdAt: "2025-09-23T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 260,
    videoUrl: null,
  },
  {
    slug: "m-plus-rounded-1c",
    nameZh: "M+ 圆体 1c",
    pinyin: "m+ yuanti 1c",
    description:
      "M+ Rounded 1c 是由日本 M+ FONTS 项目的开源字体衍生的圆角版本，2016 年由 Rounded M+ 项目以开源授权发布。笔画粗细均匀、端点圆润，常规字重就显得饱满有分量。汉字收录较少，约覆盖 GB2312 的四成，更适合日文或简短的中文标题。这里收录常规和粗体，适合直播间贴片、游戏和轻松题材的字幕条。",
    styles: ["round", "japanese", "live", "game", "daily"],
    tags: ["圆体", "日系", "日文", "圆润"],
    files: expoRegularAndBold("m-plus-rounded-1c", "MPLUSRounded1c"),
    createdAt: "2025-10-14T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 150,
    videoUrl: null,
  },
  {
    slug: "kiwi-maru",
    nameZh: "Kiwi Maru 圆体",
    pinyin: "kiwi maru yuanti",
    description:
      "Kiwi Maru 是日本设计师 Hiroki-Chan 于 2020 年以开源授权发布的日文字体，笔画端点圆润、粗细略有变化，假名带着手写的提按，显得柔和又有书卷气。收录日本常用汉字，约覆盖 GB2312 的一半。这里收录常规和中等两个字重，适合清新日系、读书和治愈系 Vlog 的标题与字幕。",
    styles: ["round", "fresh", "japanese", "vlog", "art"],
    tags: ["圆体", "清新", "日系", "日文"],
    files: expoRegularAndBold("kiwi-maru", "KiwiMaru", "500Medium"),
    createdAt: "2025-10-30T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 120,
    videoUrl: null,
  },
  {
    slug: "shippori-mincho",
    nameZh: "Shippori 明朝",
    pinyin: "shippori mingchao",
    description:
      "Shippori Mincho 是日本字体工作室 FONTDASU 于 2021 年以开源授权发布的明朝体（日文宋体），横细竖粗、字怀舒展，假名带有传统金属活字的韵味。汉字收录较多，约覆盖 GB2312 的七成。这里收录常规和粗体，适合日系电影感短片、旅行纪录和文艺封面的标题。",
    styles: ["song", "japanese", "classic", "plot", "travel"],
    tags: ["宋体", "衬线", "日系", "日文", "明朝体"],
    files: expoRegularAndBold("shippori-mincho", "ShipporiMincho"),
    createdAt: "2025-11-18T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 170,
    videoUrl: null,
  },
  {
    slug: "kaisei-decol",
    nameZh: "Kaisei Decol 装饰明朝",
    pinyin: "kaisei decol zhuangshi mingchao",
    description:
      "Kaisei Decol 是日本设计师金井和夫（Font-Kai）于 2020 年以开源授权发布的明朝体，属于 Kaisei 系列中装饰感最强的一款：笔画末端被处理成圆润的点，横细竖粗中带着几分俏皮。收录日本常用汉字，约覆盖 GB2312 的一半。这里收录常规和粗体，适合甜品、花艺、复古小店等文艺题材的封面标题。",
    styles: ["song", "japanese", "art", "fresh", "food"],
    tags: ["宋体", "日系", "日文", "文艺", "明朝体"],
    files: expoRegularAndBold("kaisei-decol", "KaiseiDecol"),
    createdAt: "2025-12-09T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 110,
    videoUrl: null,
  },
  {
    slug: "yuji-syuku",
    nameZh: "Yuji Syuku 肃体",
    pinyin: "yuji syuku suti",
    description:
      "Yuji Syuku（肃）是日本 Kinuta Font Factory 的设计师 Kataoka Yuji 设计、2021 年以开源授权发布的毛笔字体，以毛笔书写的楷书为骨架，起笔顿挫明显，气质端正庄重。收录日本常用汉字，约覆盖 GB2312 的一半。适合历史人文、茶道、书法题材和庄重场合的视频标题。",
    styles: ["brush", "japanese", "classic", "plot"],
    tags: ["毛笔", "日系", "日文", "书法"],
    files: expoFiles("yuji-syuku", "YujiSyuku", ["400Regular"]),
    createdAt: "2026-01-13T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 95,
    videoUrl: null,
  },
  {
    slug: "yuji-mai",
    nameZh: "Yuji Mai 舞体",
    pinyin: "yuji mai wuti",
    description:
      "Yuji Mai（舞）与 Yuji Syuku 同属 Kataoka Yuji 设计、Kinuta Font Factory 发布的 Yuji 系列，2021 年以开源授权提供。汉字同样是毛笔楷书的笔意，拉丁字母则改成带花饰的手写体，整体更灵动。收录日本常用汉字，约覆盖 GB2312 的一半。适合和风短片的片头、节气与手作题材的标题。",
    styles: ["brush", "japanese", "art", "opening", "creative"],
    tags: ["毛笔", "日系", "日文", "书法"],
    files: expoFiles("yuji-mai", "YujiMai", ["400Regular"]),
    createdAt: "2026-02-03T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 80,
    videoUrl: null,
  },
  {
    slug: "potta-one",
    nameZh: "Potta One 毛笔 POP 体",
    pinyin: "potta one maobi pop ti",
    description:
      "Potta One 是日本 Font Zone 108 的设计师 108号 于 2020 年以开源授权发布的粗毛笔字体，像用饱蘸墨的粗笔快速写出的招牌字，笔画浑厚、边缘带着笔触。收录日本常用汉字，约覆盖 GB2312 的一半。适合美食探店、搞笑段子和促销类视频的手绘感大标题。",
    styles: ["hand-drawn", "brush", "food", "humour", "flower", "cover"],
    tags: ["毛笔", "手绘", "粗体", "日文"],
    files: expoFiles("potta-one", "PottaOne", ["400Regular"]),
    createdAt: "2026-02-26T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 140,
    videoUrl: null,
  },
  {
    slug: "dela-gothic-one",
    nameZh: "Dela 特粗黑体",
    pinyin: "dela te cu heiti",
    description:
      "Dela Gothic One 是日本设计师 artakana 于 2020 年以开源授权发布的特粗黑体，笔画厚重到几乎填满字框，字怀被压得很小，远看像一块块色块。收录日本常用汉字，约覆盖 GB2312 的一半。冲击力极强，适合封面大字、卡点和酸性风格的海报式排版，以及音乐类视频的标题。",
    styles: ["power", "cover", "acid", "beat", "music", "hei", "cool"],
    tags: ["黑体", "粗体", "标题", "日文"],
    files: expoFiles("dela-gothic-one", "DelaGothicOne", ["400Regular"]),
    createdAt: "2026-10-20T02:00:00.000Z",
    recommendSort: 7,
    initialDownloads: 330,
    videoUrl: null,
  },
  {
    slug: "rampart-one",
    nameZh: "Rampart 立体字",
    pinyin: "rampart litizi",
    description:
      "Rampart One 是 Fontworks 于 2020 年以开源授权发布的立体字体，每个字都是空心描边加上向右下方的厚度，像用积木或城墙砌成。收录日本常用汉字，约覆盖 GB2312 的一半。适合片头、综艺式封面和酸性风格的创意排版。",
    styles: ["creative", "acid", "opening", "cover", "personality"],
    tags: ["立体", "描边", "标题", "日文"],
    files: expoFiles("rampart-one", "RampartOne", ["400Regular"]),
    createdAt: "2026-03-17T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 160,
    videoUrl: null,
  },
  {
    slug: "train-one",
    nameZh: "Train One 双线体",
    pinyin: "train one shuangxianti",
    description:
      "Train One 是 Fontworks 于 2020 年以开源授权发布的双线字体，每一笔都由两条平行细线勾出，中间留空，像铁轨或霓虹灯管。收字较少，只覆盖约三成 GB2312 汉字，适合短标题而不是整句字幕。适合酸性风格、音乐节和潮流品牌的片头与封面。",
    styles: ["acid", "creative", "music", "opening", "cool"],
    tags: ["描边", "个性", "标题", "日文"],
    files: [{ format: "ttf", packageFile: "@expo-google-fonts/train-one/TrainOne_400Regular.ttf" }],
    createdAt: "2026-04-07T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 70,
    videoUrl: null,
  },
  {
    slug: "reggae-one",
    nameZh: "Reggae 雷鬼体",
    pinyin: "reggae leiguiti",
    description:
      "Reggae One 是 Fontworks 于 2020 年以开源授权发布的粗体展示字体，笔画厚重、转角被斜切成锐利的尖角，带着街头和唱片封套的气质。收录日本常用汉字，约覆盖 GB2312 的一半。适合说唱、音乐现场、运动和力量感的封面标题。",
    styles: ["music", "power", "personality", "cool", "cover"],
    tags: ["粗体", "个性", "音乐", "日文"],
    files: expoFiles("reggae-one", "ReggaeOne", ["400Regular"]),
    createdAt: "2026-04-28T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 120,
    videoUrl: null,
  },
  {
    slug: "rocknroll-one",
    nameZh: "RocknRoll 摇滚体",
    pinyin: "rocknroll yaogunti",
    description:
      "RocknRoll One 是 Fontworks 于 2020 年以开源授权发布的粗圆黑体，笔画粗壮、端点圆钝，既有分量又不显得凶。收录日本常用汉字，约覆盖 GB2312 的一半。醒目且易读，适合直播间标题、音乐和卡点视频的字幕条，以及轻松搞笑的花字。",
    styles: ["music", "live", "beat", "humour", "round"],
    tags: ["粗体", "圆润", "音乐", "日文"],
    files: expoFiles("rocknroll-one", "RocknRollOne", ["400Regular"]),
    createdAt: "2026-05-19T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 150,
    videoUrl: null,
  },
  {
    slug: "dotgothic16",
    nameZh: "DotGothic16 像素黑体",
    pinyin: "dotgothic16 xiangsu heiti",
    description:
      "DotGothic16 是 Fontworks 于 2020 年以开源授权发布的点阵黑体，以 16×16 像素的网格描出每个字，复刻了早期电子游戏和掌机的显示效果。收录日本常用汉字，约覆盖 GB2312 的一半。适合游戏解说、复古电子和酸性风格的视频，以及二次元题材的字幕。",
    styles: ["game", "2d", "acid", "anime", "creative"],
    tags: ["像素", "游戏", "点阵", "复古", "日文"],
    files: expoFiles("dotgothic16", "DotGothic16", ["400Regular"]),
    createdAt: "2026-06-09T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 190,
    videoUrl: null,
  },
  {
    slug: "hachi-maru-pop",
    nameZh: "Hachi Maru Pop 丸文字",
    pinyin: "hachi maru pop wanwenzi",
    description:
      "Hachi Maru Pop 由日本的 Nontynet 设计、2020 年以开源授权发布，重现了上世纪八十年代日本女学生流行的“丸文字”手写体：笔画圆滚滚、字形略扁，可爱又带点怀旧。收录日本常用汉字，约覆盖 GB2312 的一半。适合萌宠、少女漫和直播互动的花字与字幕。",
    styles: ["cute", "2d", "anime", "handwriting", "pets", "live"],
    tags: ["可爱", "手写", "日系", "日文"],
    files: expoFiles("hachi-maru-pop", "HachiMaruPop", ["400Regular"]),
    createdAt: "2026-06-30T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 200,
    videoUrl: null,
  },
  {
    slug: "mochiy-pop-one",
    nameZh: "Mochiy Pop 麻糬体",
    pinyin: "mochiy pop mashuti",
    description:
      "Mochiy Pop One 是 FONTDASU 于 2020 年以开源授权发布的粗体 POP 字体，笔画胖乎乎、转角圆润，像软糯的麻糬。汉字收录较多，约覆盖 GB2312 的三分之二。适合美食、萌宠和搞笑题材的标题与花字，也适合直播间的促销贴片。",
    styles: ["cute", "round", "food", "pets", "humour", "flower", "live"],
    tags: ["可爱", "圆润", "粗体", "日文"],
    files: expoFiles("mochiy-pop-one", "MochiyPopOne", ["400Regular"]),
    createdAt: "2026-07-21T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 240,
    videoUrl: null,
  },
  {
    slug: "yusei-magic",
    nameZh: "Yusei Magic 马克笔体",
    pinyin: "yusei magic makebiti",
    description:
      "Yusei Magic 由日本设计师 Tanukizamurai 于 2020 年以开源授权发布，模仿油性马克笔写出的字：笔画粗细一致、收笔平直，带着便利贴和手写价签的亲切感。收录日本常用汉字，约覆盖 GB2312 的一半。适合手绘风 Vlog、探店点评、直播间的手写提示和教程类字幕。",
    styles: ["hand-drawn", "handwriting", "live", "food", "daily"],
    tags: ["手写", "手绘", "马克笔", "日文"],
    files: expoFiles("yusei-magic", "YuseiMagic", ["400Regular"]),
    createdAt: "2026-08-11T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 130,
    videoUrl: null,
  },
  {
    slug: "yomogi",
    nameZh: "Yomogi 艾草手写体",
    pinyin: "yomogi aicao shouxieti",
    description:
      "Yomogi（艾草）是日本设计师 satsuyako 于 2020 年以开源授权发布的手写字体，线条细而略带抖动，像用细签字笔随手写在笔记本上。收录日本常用汉字，约覆盖 GB2312 的一半。适合清新日常、手账、旅行 Vlog 和手绘插画风格的字幕。",
    styles: ["handwriting", "hand-drawn", "fresh", "vlog", "travel"],
    tags: ["手写", "手绘", "清新", "日文"],
    files: expoFiles("yomogi", "Yomogi", ["400Regular"]),
    createdAt: "2026-08-27T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 90,
    videoUrl: null,
  },
  {
    slug: "zen-kurenaido",
    nameZh: "Zen Kurenaido 手写体",
    pinyin: "zen kurenaido shouxieti",
    description:
      "Zen Kurenaido 是 Yoshimichi Ohira 设计、Positype 于 2021 年以开源授权发布的手写字体，笔画纤细、字形修长，像用细毛笔或签字笔写出的端正小字。收录日本常用汉字，约覆盖 GB2312 的一半。适合文艺清新、情感语录和日系 Vlog 的字幕。",
    styles: ["handwriting", "japanese", "fresh", "art", "vlog"],
    tags: ["手写", "清新", "日系", "日文"],
    files: expoFiles("zen-kurenaido", "ZenKurenaido", ["400Regular"]),
    createdAt: "2026-09-15T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 75,
    videoUrl: null,
  },
  {
    slug: "stick",
    nameZh: "Stick 火柴棍体",
    pinyin: "stick huochaigunti",
    description:
      "Stick 是 Fontworks 于 2020 年以开源授权发布的展示字体，所有笔画都由长短不一的直线段拼成，转折生硬，像用火柴棍摆出来的字。收录日本常用汉字，约覆盖 GB2312 的一半。适合搞笑、手工和二次元题材的标题，也适合手绘风的花字。",
    styles: ["creative", "hand-drawn", "humour", "2d", "personality"],
    tags: ["个性", "手绘", "创意", "日文"],
    files: expoFiles("stick", "Stick", ["400Regular"]),
    createdAt: "2026-09-29T02:00:00.000Z",
    recommendSort: null,
    initialDownloads: 60,
    videoUrl: null,
  },
];

export const FIRST_FONT_GNO = 10001;
