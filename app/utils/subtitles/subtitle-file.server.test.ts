import { describe, expect, it } from "vitest";
import { charactersWithCues, parseSubtitleFile } from "./subtitle-file.server";

const SRT = "\uFEFF1\n00:00:01,000 --> 00:00:02,000\n<i>你好</i>世界\n\n2\n00:00:03,000 --> 00:00:04,000\n龘字 你\n";
const VTT = "WEBVTT\n\n00:00.000 --> 00:01.000\n第一句\n\n00:01.000 --> 00:02.000\n<v 旁白>第二句</v>\n";
const ASS = [
  "[Script Info]",
  "ScriptType: v4.00+",
  "",
  "[V4+ Styles]",
  "Format: Name, Fontname, Fontsize",
  "Style: Default,Arial,20",
  "",
  "[Events]",
  "Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text",
  "Dialogue: 0,0:00:01.00,0:00:02.00,Default,,0,0,0,,{\\b1}你好\\N世界",
  "Dialogue: 0,0:00:03.00,0:00:04.00,Default,,0,0,0,,第二句",
  "",
].join("\n");

describe("parseSubtitleFile", () => {
  it("reads SRT cues without their markup, numbered in order", () => {
    const parsed = parseSubtitleFile("片头.SRT", SRT);
    expect(parsed).toEqual({
      ok: true,
      format: "srt",
      cues: [
        { number: 1, text: "你好世界" },
        { number: 2, text: "龘字 你" },
      ],
    });
  });

  it("reads VTT cues and drops voice tags", () => {
    const parsed = parseSubtitleFile("a.vtt", VTT);
    expect(parsed.ok && parsed.cues.map((cue) => cue.text)).toEqual(["第一句", "第二句"]);
  });

  it("reads ASS dialogue without override blocks or line breaks", () => {
    const parsed = parseSubtitleFile("a.ass", ASS);
    expect(parsed.ok && parsed.cues).toEqual([
      { number: 1, text: "你好 世界" },
      { number: 2, text: "第二句" },
    ]);
  });

  it("answers malformed, empty, binary and unknown files with a Chinese message", () => {
    const messages = [
      parseSubtitleFile("a.srt", "这不是字幕\n没有时间轴"),
      parseSubtitleFile("a.ass", "not an ass file"),
      parseSubtitleFile("a.srt", ""),
      parseSubtitleFile("a.srt", "1\n00:00:01,000 --> 00:00:02,000\n\u0000\u0001"),
      parseSubtitleFile("a.txt", SRT),
    ].map((parsed) => (parsed.ok ? "accepted" : parsed.message));
    for (const message of messages) expect(message).toMatch(/^[\u4e00-\u9fff]/);
    expect(messages[4]).toBe("只支持 .srt、.vtt、.ass 和 .ssa 字幕文件");
  });
});

describe("charactersWithCues", () => {
  it("lists each character once with the cues it appears in, whitespace left out", () => {
    const parsed = parseSubtitleFile("a.srt", SRT);
    if (!parsed.ok) throw new Error(parsed.message);
    const characters = charactersWithCues(parsed.cues);
    expect(characters.get("你")).toEqual([1, 2]);
    expect(characters.get("龘")).toEqual([2]);
    expect(characters.has(" ")).toBe(false);
  });
});
