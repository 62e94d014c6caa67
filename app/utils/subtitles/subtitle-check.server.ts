import type { FontCoverageItem } from "@contract/coverage";
import { loadFontCoverage } from "~/services/coverage.server";
import { isApiError, type ApiCaller } from "~/services/api-client.server";
import { readFormSubmission } from "~/utils/form-data.server";
import { charactersWithCues, parseSubtitleFile } from "./subtitle-file.server";
import { SUBTITLE_EXTENSIONS, SUBTITLE_MAX_BYTES, SUBTITLE_MAX_CHARACTERS } from "./subtitle-limits";

/** Cue numbers shown per missing character; the rest are counted. */
const CUES_SHOWN = 5;

export type MissingCharacter = { character: string; cues: number[]; moreCues: number };

export type SubtitleCheck = {
  fileName: string;
  cueCount: number;
  characterCount: number;
  covering: FontCoverageItem[];
  lacking: Array<FontCoverageItem & { characters: MissingCharacter[] }>;
};

export type SubtitleCheckResult =
  | { ok: true; check: SubtitleCheck }
  /** `status`: 400 for the file, 429 for too many checks, 503 when the catalogue cannot answer. */
  | { ok: false; status: 400 | 429 | 503; message: string };

/**
 * Reads the uploaded subtitle file (field `subtitle`) as it arrives, into a temporary file deleted
 * before the answer; parses it; asks which characters each font lacks. Nothing of the file is kept.
 * A refused file or a catalogue that cannot answer gives a Chinese message, never an error.
 */
export async function checkSubtitleUpload(caller: ApiCaller): Promise<SubtitleCheckResult> {
  try {
    const result = await readAndCheck(caller);
    return result.ok ? result : { ...result, status: 400 };
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status === 429) return { ok: false, status: 429, message: error.message };
    if (error.status >= 400 && error.status < 500) return { ok: false, status: 400, message: error.message };
    return { ok: false, status: 503, message: "字体信息暂时无法读取，请稍后再试" };
  }
}

async function readAndCheck(
  caller: ApiCaller,
): Promise<{ ok: true; check: SubtitleCheck } | { ok: false; message: string }> {
  const submission = await readFormSubmission(caller.request, {
    allowFiles: true,
    maxBytes: SUBTITLE_MAX_BYTES + 64 * 1024,
    maxFileBytes: SUBTITLE_MAX_BYTES,
  });
  const tooLarge = `字幕文件不能超过 ${SUBTITLE_MAX_BYTES / 1024 / 1024} MB`;
  if (!submission.ok) return { ok: false, message: submission.problem === "too-large" ? tooLarge : submission.message };
  try {
    if (submission.oversized.length > 0) return { ok: false, message: tooLarge };
    const file = submission.formData.get("subtitle");
    if (!(file instanceof File) || file.size === 0) {
      return { ok: false, message: `请选择一个字幕文件（${SUBTITLE_EXTENSIONS.join("、")}）` };
    }
    const content = decodeText(new Uint8Array(await file.arrayBuffer()));
    if (content === null) return { ok: false, message: "字幕文件的编码无法识别，请另存为 UTF-8 后再上传" };
    const parsed = parseSubtitleFile(file.name, content);
    if (!parsed.ok) return parsed;
    const characters = charactersWithCues(parsed.cues);
    if (characters.size === 0) return { ok: false, message: "字幕里没有可检查的文字" };
    if (characters.size > SUBTITLE_MAX_CHARACTERS) {
      return { ok: false, message: `字幕用到的不同文字超过 ${SUBTITLE_MAX_CHARACTERS} 个，请拆分后再检查` };
    }
    const coverage = await loadFontCoverage(caller, [...characters.keys()].join(""));
    const lacking = coverage
      .filter((font) => font.missing !== "")
      .map((font) => ({
        ...font,
        characters: [...font.missing].map((character) => {
          const cues = characters.get(character) ?? [];
          return { character, cues: cues.slice(0, CUES_SHOWN), moreCues: Math.max(0, cues.length - CUES_SHOWN) };
        }),
      }))
      .sort((a, b) => a.characters.length - b.characters.length);
    return {
      ok: true,
      check: {
        fileName: file.name,
        cueCount: parsed.cues.length,
        characterCount: characters.size,
        covering: coverage.filter((font) => font.missing === ""),
        lacking,
      },
    };
  } finally {
    await submission.discard();
  }
}

/** UTF-8 (with or without BOM), else GB18030, the two encodings Chinese subtitle files come in; null for neither. */
export function decodeText(bytes: Uint8Array): string | null {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    try {
      return new TextDecoder("gb18030", { fatal: true }).decode(bytes);
    } catch {
      return null;
    }
  }
}
