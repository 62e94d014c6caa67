import { STYLE_CODES, type StyleCategory, type StyleCode } from "../../contract/catalogue.js";

/** The name of each style category; the contract's STYLE_CODES gives their display order. */
const STYLE_NAMES: Record<StyleCode, string> = {
  all: "全部字体",
  daily: "日常",
  food: "美食",
  brand: "品牌广告",
  vlog: "Vlog",
  travel: "旅行Vlog",
  plot: "剧情",
  beat: "卡点",
  anime: "动漫",
  pets: "萌宠",
  news: "新闻",
  humour: "搞笑",
  cover: "封面",
  opening: "片头",
  subtitle: "字幕",
  flower: "花字",
  handwriting: "手写",
  art: "艺术",
  brush: "毛笔",
  creative: "创意",
  acid: "酸性",
  personality: "个性",
  cute: "可爱",
  cool: "酷炫",
  japanese: "日系",
  chinese: "国风",
  "hand-drawn": "手绘",
  "2d": "二次元",
  fresh: "清新",
  power: "力量",
  classic: "经典",
  live: "直播",
  free: "免费",
  music: "音乐",
  hei: "黑体",
  song: "宋体",
  round: "圆体",
  game: "游戏",
};

export const ALL_STYLES_CODE = "all" satisfies StyleCode;

/** The categories as stored and as the API returns them. */
export const STYLE_CATEGORIES: readonly StyleCategory[] = STYLE_CODES.map((code, index) => ({
  code,
  name: STYLE_NAMES[code],
  url: `/font?style=${code}`,
  imageDark: `/images/category/${code}-dark.svg`,
  imageLight: `/images/category/${code}-light.svg`,
  sort: index + 1,
}));
