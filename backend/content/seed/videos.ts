import type { VideoSeed } from "./types.js";

/** Short explainer videos made for this site, oldest first; their media files come separately. */
export const VIDEO_SEEDS: readonly VideoSeed[] = [
  {
    slug: "choose-title-font-in-30s",
    title: "标题字体怎么选：同一句话换五种字体",
    summary: "同一句标题换五种字体，看看气质差多少，再用三个问题选出最合适的那一款。",
    tags: ["选字指南"],
    durationSeconds: 8,
    fonts: ["noto-sans-sc@900", "zcool-qingke-huangyou", "zcool-kuaile", "noto-serif-sc@900", "ma-shan-zheng"],
    publishedAt: "2025-05-06T02:00:00.000Z",
    bodyMarkdown: `同一句“周末去哪儿玩”，分别用思源黑体超粗、站酷庆科黄油体、站酷快乐体、思源宋体超粗和马善政毛笔楷书排在同一张竖屏画面上，气质立刻变得完全不同。

看完之后，用三个问题帮自己选字：

1. 我的视频是什么情绪？
2. 观众需要多快读完这句话？
3. 画面背景复杂吗？

回答完这三个问题，候选字体通常只剩一两款。`,
  },
  {
    slug: "yong-eight-strokes",
    title: "永字八法：一个字里的八种笔画",
    summary: "用一个“永”字讲清楷书的八种基本笔画：侧、勒、努、趯、策、掠、啄、磔。",
    tags: ["书法"],
    durationSeconds: 8,
    fonts: ["ma-shan-zheng", "lxgw-wenkai"],
    publishedAt: "2025-06-24T02:00:00.000Z",
    bodyMarkdown: `“永”字的八个笔画恰好涵盖了楷书中最主要的笔形。视频以马善政毛笔楷书的“永”字为底，用霞鹜文楷字幕依次标出侧（点）、勒（横）、努（竖）、趯（钩）、策（提）、掠（长撇）、啄（短撇）、磔（捺）八个笔画的名称。

想了解更多，可以阅读书法百科中的“永字八法”词条。`,
  },
  {
    slug: "subtitle-safe-area-demo",
    title: "字幕放哪儿不挡脸：字幕安全区演示",
    summary: "把字幕放在不同位置，叠上常见的平台界面，看看哪里会被挡住，哪里最安全。",
    tags: ["排版技巧"],
    durationSeconds: 8,
    fonts: ["noto-sans-sc@500", "noto-sans-sc@700"],
    publishedAt: "2025-10-28T02:00:00.000Z",
    bodyMarkdown: `视频把同一行思源黑体字幕依次放在画面的顶部、中部、下部和最底部，再叠上模拟的平台界面（账号名、文案、点赞与分享按钮），直观展示哪些位置容易被遮挡。

结论：重要文字避开画面底部约五分之一和右侧约六分之一的区域，字幕放在下方约四分之一处最稳妥。配套文章“字幕字号与安全区”给出了更详细的字号与描边建议。`,
  },
  {
    slug: "variable-font-weights",
    title: "可变字体：一个文件里的九种粗细",
    summary: "从极细到超粗，看思源黑体的九个字重依次变化，理解“字重轴”是什么。",
    tags: ["技术科普"],
    durationSeconds: 6,
    fonts: ["noto-sans-sc@100", "noto-sans-sc@400", "noto-sans-sc@900"],
    publishedAt: "2025-12-16T02:00:00.000Z",
    bodyMarkdown: `画面中央的“字”从思源黑体极细（100）开始，每半秒加粗一级，直到超粗（900）。可变字体把这些粗细放进同一个文件，字重还能在两级之间连续取值——这就是“字重轴”（wght）。

OpenType 可变字体的常用轴除了字重，还有字宽、倾斜和视觉字号。`,
  },
  {
    slug: "five-scripts-evolution",
    title: "篆隶楷行草：五种书体的演变",
    summary: "从秦代小篆到唐代狂草，用五个字形的变化，串起汉字书体两千年的演变脉络。",
    tags: ["书法"],
    durationSeconds: 8,
    fonts: ["ma-shan-zheng", "zhi-mang-xing", "liu-jian-mao-cao", "cactus-classical-serif"],
    publishedAt: "2026-02-17T02:00:00.000Z",
    bodyMarkdown: `汉字书体按时间顺序的演变脉络：

- **篆书**：秦统一文字，李斯整理小篆，线条圆转匀称；
- **隶书**：由篆书快写而来，汉代成熟，蚕头燕尾；
- **楷书**：魏晋成形，唐代鼎盛，横平竖直；
- **行书**：介于楷草之间，王羲之《兰亭序》为代表；
- **草书**：从章草、今草到张旭、怀素的狂草。

楷书、行书、草书部分分别用马善政毛笔楷书、志莽行书和刘建毛草演示，讲解文字用仙人掌明体。每种书体的详细介绍都可以在书法百科中找到。`,
  },
  {
    slug: "flower-text-three-steps",
    title: "花字三步：描边、投影与配色",
    summary: "用站酷快乐体现场做一个综艺花字：先描边，再投影，最后配色，前后对比一目了然。",
    tags: ["排版技巧"],
    durationSeconds: 8,
    fonts: ["zcool-kuaile", "zcool-qingke-huangyou"],
    publishedAt: "2026-04-21T02:00:00.000Z",
    bodyMarkdown: `从一行普通的白色“太好吃了”开始：

1. **描边**：加一层深棕色粗描边，文字立刻从背景中跳出来；
2. **投影**：加一个向右下偏移的硬投影，做出贴纸般的立体感；
3. **配色**：把主色换成明黄，配上深棕描边，整体更有食欲。

最后用站酷庆科黄油体做同样的三步，对比两种字体的不同效果。`,
  },
];
