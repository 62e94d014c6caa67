import type { CaseFontRole, CaseFontUsage } from "@contract/content";

/** What each role's preview says when the rationale quotes no words of the video. */
const ROLE_SAMPLES: Readonly<Record<CaseFontRole, string>> = {
  封面: "周末去哪儿玩",
  标题: "三分钟看懂",
  字幕: "今天带大家去一家老店",
  花字: "绝了！",
};

/** Quoted words longer than this are a sentence about the font, not words shown in the video. */
const QUOTE_MAX = 16;

/**
 * The words a case's font shows in the video: the first “quoted” words of its rationale (the case
 * writes 封面短句“人均 50 吃到撑” there), else a typical line for its role.
 */
export function caseSampleText(usage: Pick<CaseFontUsage, "role" | "rationale">): string {
  for (const match of usage.rationale.matchAll(/[“"「]([^”"」]+)[”"」]/g)) {
    const quoted = match[1]!.trim();
    if (quoted && [...quoted].length <= QUOTE_MAX) return quoted;
  }
  return ROLE_SAMPLES[usage.role];
}
