import type { AppLoadContext } from "@remix-run/node";
import { describe, expect, it } from "vitest";
import { checkSubtitleUpload } from "./subtitle-check.server";
import { SUBTITLE_MAX_BYTES } from "./subtitle-limits";

/** A multipart post of `file` as the `subtitle` field; the refusals below are answered before any catalogue call. */
function upload(file: File | string) {
  const form = new FormData();
  form.set("subtitle", file);
  const request = new Request("http://site.test/font?index", { method: "POST", body: form });
  return checkSubtitleUpload({ request, context: {} as AppLoadContext });
}

describe("checkSubtitleUpload", () => {
  it("refuses what is not a readable subtitle file with 400 and a Chinese message", async () => {
    const cases: Array<[File | string, string]> = [
      ["", "请选择一个字幕文件（.srt、.vtt、.ass、.ssa）"],
      [new File([""], "empty.srt"), "请选择一个字幕文件（.srt、.vtt、.ass、.ssa）"],
      [new File(["1\n00:00:01,000 --> 00:00:02,000\n你好\n"], "a.docx"), "只支持 .srt、.vtt、.ass 和 .ssa 字幕文件"],
      [new File(["这不是字幕\n没有时间轴"], "notes.srt"), "无法解析这个SRT字幕文件，请检查时间轴格式是否正确"],
      [
        new File([new Uint8Array([0xff, 0xfe, 0xfd, 0x81, 0x30])], "bytes.srt"),
        "字幕文件的编码无法识别，请另存为 UTF-8 后再上传",
      ],
      [new File([new Uint8Array(SUBTITLE_MAX_BYTES + 1).fill(0x31)], "huge.srt"), "字幕文件不能超过 2 MB"],
      [new File(["1\n00:00:01,000 --> 00:00:02,000\n \n"], "blank.srt"), "字幕里没有可检查的文字"],
    ];
    for (const [file, message] of cases) {
      expect(await upload(file), typeof file === "string" ? "a text field" : file.name).toEqual({
        ok: false,
        status: 400,
        message,
      });
    }
  });

  it("refuses a body that is not a form", async () => {
    const request = new Request("http://site.test/font?index", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{}",
    });
    const result = await checkSubtitleUpload({ request, context: {} as AppLoadContext });
    expect(result).toMatchObject({ ok: false, status: 400 });
    expect(!result.ok && result.message).toMatch(/^[\u4e00-\u9fff]/);
  });
});
