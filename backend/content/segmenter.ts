import { Jieba } from "@node-rs/jieba";
import { dict } from "@node-rs/jieba/dict.js";
import { FAMILY_SEEDS } from "../catalogue/families.js";

/**
 * Words of this site that jieba's general dictionary splits into single characters (font names,
 * calligraphers, works, terms of the craft). Each is kept whole, and search mode also yields its
 * parts that are words, so 文楷 finds 霞鹜文楷.
 */
const SITE_WORDS = [
  "霞鹜",
  "文楷",
  "霞鹜文楷",
  "站酷",
  "快乐体",
  "庆科",
  "黄油体",
  "小薇体",
  "马善政",
  "志莽",
  "刘建",
  "毛草",
  "明体",
  "仙人掌明体",
  "点阵体",
  "思源黑体",
  "思源宋体",
  "蔡邕",
  "藏锋",
  "露锋",
  "侧锋",
  "逆锋",
  "提按",
  "花字",
  "竖屏",
  "横屏",
  "安全区",
  "字重",
  "字号",
  "字距",
  "行距",
  "可变字体",
  "字体授权",
  "免费商用",
  "开源字体",
  "多宝塔碑",
  "祭侄文稿",
  "寒食帖",
  "九成宫醴泉铭",
  "玄秘塔碑",
  "自叙帖",
  "古诗四帖",
  "孔子庙堂碑",
  "雁塔圣教序",
  "泰山刻石",
  "峄山刻石",
  "熹平石经",
  "宣示表",
  "洛神赋十三行",
  "蜀素帖",
  "松风阁诗帖",
  "麻姑仙坛记",
  "颜勤礼碑",
  "神策军碑",
  "胆巴碑",
  "甲骨文",
  "金文",
  "石鼓文",
  "蚕头燕尾",
  "二王",
  "楷书四大家",
  "宋四家",
  "苏黄米蔡",
  "颜筋柳骨",
  "颠张醉素",
];

let jieba: Jieba | undefined;

function segmenter(): Jieba {
  if (!jieba) {
    jieba = Jieba.withDict(dict);
    const names = FAMILY_SEEDS.map((family) => family.nameZh).filter((name) => /^[\p{Script=Han}]+$/u.test(name));
    const words = [...new Set([...SITE_WORDS, ...names])];
    // A frequency above any general word's, so that these are never split.
    jieba.loadDict(Buffer.from(words.map((word) => `${word} 100000 n`).join("\n")));
  }
  return jieba;
}

/** Letters and digits of one token, lower-cased; anything else (punctuation, spaces) dropped. */
function cleanToken(token: string): string {
  return token.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, "");
}

/**
 * The words of `text` to index, whole words and the shorter words inside them, space-separated.
 * Without HMM guessing: a word the dictionary does not know is split into characters, the same
 * way in the documents and in the queries, so the two always meet.
 */
export function indexWords(text: string): string {
  return segmenter().cutForSearch(text, false).map(cleanToken).filter(Boolean).join(" ");
}

/** The words of a search query, each needed for a match. */
export function queryWords(text: string): string[] {
  return [...new Set(segmenter().cut(text, false).map(cleanToken).filter(Boolean))];
}
