import type { FontRef } from "../backend/content/seed/types.js";

/** One line of text on screen, set in a catalogue font. */
export type TextLayer = {
  text: string;
  font: FontRef;
  /** Pixel size at 1280×720. */
  size: number;
  color?: string;
  /** Vertical centre as a share of the frame height (0.5 = middle). */
  y?: number;
  /** Horizontal centre as a share of the frame width. */
  x?: number;
  border?: { width: number; color: string };
  shadow?: { x: number; y: number; color: string };
};

/** A plain rectangle, e.g. the mock platform buttons of the safe-area clip. */
export type BoxLayer = { x: number; y: number; width: number; height: number; color: string };

export type Scene = { seconds: number; texts: TextLayer[]; boxes?: BoxLayer[] };

/** The site's colours: dark stage, white type, the accent red, a muted grey. */
export const PALETTE = { stage: "0x111216", ink: "white", accent: "0xfe2c55", muted: "0x9aa0aa", warm: "0xffd23f" };

const TITLE_FONT = "noto-sans-sc@900";
const CAPTION_FONT = "noto-sans-sc@500";

function titleScene(title: string, seconds = 1.5): Scene {
  return {
    seconds,
    texts: [
      // Above and below the middle, where the player's play button sits on the poster.
      { text: title, font: TITLE_FONT, size: 56, y: 0.34 },
      { text: "短视频字体 · 字体演示", font: CAPTION_FONT, size: 26, color: PALETTE.muted, y: 0.66 },
    ],
  };
}

function caption(text: string, font: FontRef = CAPTION_FONT): TextLayer {
  return { text, font, size: 30, color: PALETTE.muted, y: 0.8 };
}

/**
 * What each video shows, by the slug of its seed row: the title card, then a few seconds of the
 * fonts it talks about. Every clip lasts a whole number of seconds, the seed's durationSeconds.
 */
export const VIDEO_SCENES: Record<string, { title: string; scenes: Scene[] }> = {
  "choose-title-font-in-30s": {
    title: "标题字体怎么选",
    scenes: [
      titleScene("标题字体怎么选", 2),
      ...(
        [
          ["noto-sans-sc@900", "思源黑体 超粗：醒目、稳"],
          ["zcool-qingke-huangyou", "站酷庆科黄油体：活泼、有劲"],
          ["zcool-kuaile", "站酷快乐体：轻松、可爱"],
          ["noto-serif-sc@900", "思源宋体 超粗：正式、有分量"],
          ["ma-shan-zheng", "马善政毛笔楷书：国风、手写"],
        ] as const
      ).map(([font, note]) => ({
        seconds: 1.2,
        texts: [{ text: "周末去哪儿玩", font, size: 120, y: 0.45 }, caption(note)],
      })),
    ],
  },
  "yong-eight-strokes": {
    title: "永字八法",
    scenes: [
      titleScene("永字八法", 2),
      ...["侧 · 点", "勒 · 横", "努 · 竖", "趯 · 钩", "策 · 提", "掠 · 长撇", "啄 · 短撇", "磔 · 捺"].map((name) => ({
        seconds: 0.75,
        texts: [
          { text: "永", font: "ma-shan-zheng", size: 300, y: 0.42 },
          { text: name, font: "lxgw-wenkai", size: 40, color: PALETTE.warm, y: 0.84 },
        ],
      })),
    ],
  },
  "subtitle-safe-area-demo": {
    title: "字幕放哪儿不挡脸",
    scenes: [
      titleScene("字幕放哪儿不挡脸", 2),
      ...(
        [
          [0.12, "顶部：容易撞上账号与搜索栏"],
          [0.5, "中部：挡住人物的脸"],
          [0.75, "下方四分之一：最稳妥"],
          [0.92, "最底部：被文案和进度条挡住"],
        ] as const
      ).map(([y, note]) => ({
        seconds: 1.5,
        texts: [
          { text: note, font: "noto-sans-sc@700", size: 40, y, border: { width: 3, color: "black" } },
          { text: "@短视频字体  今天聊聊字幕位置", font: "noto-sans-sc@500", size: 22, x: 0.3, y: 0.86 },
        ],
        boxes: [0.3, 0.42, 0.54, 0.66].map((top) => ({
          x: 1180,
          y: Math.round(720 * top),
          width: 56,
          height: 56,
          color: "0xffffff@0.35",
        })),
      })),
    ],
  },
  "variable-font-weights": {
    title: "可变字体：九种粗细",
    scenes: [
      titleScene("可变字体：九种粗细", 1.5),
      ...(
        [
          [100, "极细"],
          [200, "特细"],
          [300, "细体"],
          [400, "常规"],
          [500, "中等"],
          [600, "半粗"],
          [700, "粗体"],
          [800, "特粗"],
          [900, "超粗"],
        ] as const
      ).map(([weight, name]) => ({
        seconds: 0.5,
        texts: [
          { text: "字", font: `noto-sans-sc@${weight}`, size: 320, y: 0.43 },
          caption(`思源黑体 ${weight} · ${name}`),
        ],
      })),
    ],
  },
  "five-scripts-evolution": {
    title: "篆隶楷行草",
    scenes: [
      titleScene("篆隶楷行草：书体演变", 2),
      ...(
        [
          ["cactus-classical-serif", "书体演变", "讲解字幕：仙人掌明体"],
          ["ma-shan-zheng", "楷书端正", "楷书：马善政毛笔楷书"],
          ["zhi-mang-xing", "行书流畅", "行书：志莽行书"],
          ["liu-jian-mao-cao", "草书奔放", "草书：刘建毛草"],
        ] as const
      ).map(([font, text, note]) => ({
        seconds: 1.5,
        texts: [{ text, font, size: 150, y: 0.45 }, caption(note, "cactus-classical-serif")],
      })),
    ],
  },
  "flower-text-three-steps": {
    title: "花字三步",
    scenes: [
      titleScene("花字三步：描边、投影、配色"),
      ...(
        [
          ["zcool-kuaile", "原样", {}],
          ["zcool-kuaile", "第一步：描边", { border: { width: 8, color: "0x3b2314" } }],
          [
            "zcool-kuaile",
            "第二步：投影",
            { border: { width: 8, color: "0x3b2314" }, shadow: { x: 10, y: 10, color: "black" } },
          ],
          [
            "zcool-kuaile",
            "第三步：配色",
            {
              color: PALETTE.warm,
              border: { width: 8, color: "0x3b2314" },
              shadow: { x: 10, y: 10, color: "black" },
            },
          ],
          [
            "zcool-qingke-huangyou",
            "换成站酷庆科黄油体",
            {
              color: PALETTE.warm,
              border: { width: 8, color: "0x3b2314" },
              shadow: { x: 10, y: 10, color: "black" },
            },
          ],
        ] as const
      ).map(([font, note, style]) => ({
        seconds: 1.3,
        texts: [{ text: "太好吃了", font, size: 150, y: 0.43, ...style }, caption(note)],
      })),
    ],
  },
};
