import { parse as parseAss } from "ass-compiler";
import { parseSync } from "subtitle";
import { SUBTITLE_MAX_CUES } from "./subtitle-limits";

export type SubtitleCue = { number: number; text: string };
export type SubtitleFormat = "srt" | "vtt" | "ass";

export type ParsedSubtitles =
  { ok: true; format: SubtitleFormat; cues: SubtitleCue[] } | { ok: false; message: string };

/**
 * The cues of a .srt, .vtt (with `subtitle`) or .ass/.ssa file (with `ass-compiler`), numbered from 1
 * in the file's order, their text without markup (SRT/VTT tags, ASS override blocks, `\N` breaks).
 * A file that is not one of these, or that the library cannot read, gets a Chinese message.
 */
export function parseSubtitleFile(fileName: string, content: string): ParsedSubtitles {
  const extension = fileName.toLowerCase().match(/\.[a-z0-9]+$/)?.[0] ?? "";
  const text = content.replace(/^\uFEFF/, "");
  if (text.includes("\u0000"))
    return { ok: false, message: "字幕文件不是文本文件，请上传 UTF-8 编码的 .srt、.vtt 或 .ass 文件" };
  try {
    if (extension === ".ass" || extension === ".ssa") return withCues("ass", assCues(text));
    if (extension === ".srt" || extension === ".vtt")
      return withCues(extension === ".srt" ? "srt" : "vtt", timedCues(text));
  } catch {
    return { ok: false, message: `无法解析这个${extension.slice(1).toUpperCase()}字幕文件，请检查时间轴格式是否正确` };
  }
  return { ok: false, message: "只支持 .srt、.vtt、.ass 和 .ssa 字幕文件" };
}

function withCues(format: SubtitleFormat, cues: SubtitleCue[]): ParsedSubtitles {
  if (cues.length === 0) return { ok: false, message: "字幕文件里没有找到任何字幕，请检查文件内容" };
  if (cues.length > SUBTITLE_MAX_CUES)
    return { ok: false, message: `字幕条数超过 ${SUBTITLE_MAX_CUES} 条，请拆分后再检查` };
  return { ok: true, format, cues };
}

function timedCues(text: string): SubtitleCue[] {
  const cues: SubtitleCue[] = [];
  for (const node of parseSync(text)) {
    if (node.type !== "cue") continue;
    cues.push({ number: cues.length + 1, text: node.data.text.replace(/<[^>]*>/g, "") });
  }
  return cues;
}

function assCues(text: string): SubtitleCue[] {
  if (!/^\s*\[Script Info\]/i.test(text)) throw new Error("not an ASS file");
  return parseAss(text).events.dialogue.map((dialogue, index) => ({
    number: index + 1,
    text: dialogue.Text.combined.replace(/\\[Nnh]/g, " "),
  }));
}

/** Each character the cues use (whitespace aside), with the numbers of the cues it appears in, in order. */
export function charactersWithCues(cues: SubtitleCue[]): Map<string, number[]> {
  const found = new Map<string, number[]>();
  for (const cue of cues) {
    for (const character of cue.text) {
      if (/\s/u.test(character)) continue;
      const numbers = found.get(character);
      if (!numbers) found.set(character, [cue.number]);
      else if (numbers[numbers.length - 1] !== cue.number) numbers.push(cue.number);
    }
  }
  return found;
}
