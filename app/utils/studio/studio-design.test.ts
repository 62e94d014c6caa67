import { describe, expect, it } from "vitest";
import { STUDIO_FRAMES } from "@contract/studio";
import { crossings } from "./safe-areas";
import { EXAMPLE_TITLE, parseStudioDesign, studioScene, studioSearch } from "./studio-design";

const params = (query: string) => new URLSearchParams(query);

describe("parseStudioDesign", () => {
  it("reads defaults from an empty address and every field from a full one", () => {
    const empty = parseStudioDesign(params(""));
    expect(empty.ok && empty.design).toMatchObject({ preset: "stroke", frame: "9x16", size: 120, safe: [] });
    const full = parseStudioDesign(
      params(
        "font=10001&title=周末去哪玩&sub=第二期&preset=bar&color=%23FFCC00&size=200&frame=16x9&y=40&safe=douyin&safe=bilibili&backdrop=color&bgColor=%23000000",
      ),
    );
    expect(full.ok && full.design).toEqual({
      font: "10001",
      title: "周末去哪玩",
      sub: "第二期",
      preset: "bar",
      color: "#ffcc00",
      accent: "#ff2d55",
      accent2: "#111111",
      size: 200,
      frame: "16x9",
      y: 40,
      safe: ["douyin", "bilibili"],
      backdrop: "color",
      bgColor: "#000000",
    });
  });

  it("refuses unknown presets, absurd sizes, long titles and repeated fields in Chinese, keeping what was typed", () => {
    const parsed = parseStudioDesign(
      params(
        `title=${"长".repeat(2000)}&size=100000&preset=sparkle&frame=1x1&color=red&safe=tiktok&font=abc&sub=a&sub=b`,
      ),
    );
    expect(parsed.ok).toBe(false);
    if (parsed.ok) return;
    expect(parsed.errors).toEqual({
      title: "标题最多 40 个字",
      size: "字号必须是 24 到 400 之间的整数",
      preset: "未知的效果",
      frame: "未知的画幅",
      color: "文字颜色必须是 #rrggbb 形式的颜色",
      safe: "未知的安全区平台",
      font: "字体编号不正确",
      sub: "第二行只能填一个",
    });
    expect(parsed.values.title).toBe("长".repeat(2000));
  });
});

describe("studioSearch", () => {
  it("writes the design back as an address without its defaults, so parsing it gives the same design", () => {
    const parsed = parseStudioDesign(params("font=10001&title=旅行日记&safe=douyin&safe=kuaishou&preset=stroke"));
    if (!parsed.ok) throw new Error("refused");
    const search = studioSearch(parsed.design);
    expect(search).toBe("?font=10001&title=%E6%97%85%E8%A1%8C%E6%97%A5%E8%AE%B0&safe=douyin&safe=kuaishou");
    const again = parseStudioDesign(params(search));
    expect(again.ok && again.design).toEqual(parsed.design);
  });
});

describe("studioScene", () => {
  const design = (query: string) => {
    const parsed = parseStudioDesign(params(query));
    if (!parsed.ok) throw new Error("refused");
    return parsed.design;
  };

  it("maps each preset to the renderer's effects, scaled with the size", () => {
    expect(studioScene(design("preset=stroke&size=100"), "1", "export")).toMatchObject({
      stroke: "#ff2d55",
      strokeWidth: "7",
    });
    expect(studioScene(design("preset=double&size=100"), "1", "export")).toMatchObject({
      strokeWidth: "6",
      outerStroke: "#111111",
      outerStrokeWidth: "6",
    });
    expect(studioScene(design("preset=shadow&size=100"), "1", "export")).toMatchObject({
      shadow: "#ff2d55",
      shadowX: "5",
    });
    expect(studioScene(design("preset=gradient"), "1", "export")).toMatchObject({ gradient: "#ff2d55" });
    expect(studioScene(design("preset=bar"), "1", "export")).toMatchObject({ bar: "#ff2d55" });
    expect(studioScene(design("preset=plain"), "1", "export")).not.toHaveProperty("stroke");
  });

  it("draws the frame at full size for an export, at half with the safe areas for a preview", () => {
    const exported = studioScene(design("title=标题&sub=第二行&frame=3x4&safe=douyin"), "1", "export");
    expect(exported).toMatchObject({ text: "标题\n第二行", width: "1080", height: "1440" });
    expect(exported).not.toHaveProperty("guide");
    const preview = studioScene(design("safe=douyin&safe=channels"), "1", "preview");
    expect(preview).toMatchObject({ scale: "50", text: EXAMPLE_TITLE });
    expect(preview.guide).toHaveLength(5);
    expect(preview.guide?.[0]).toBe("0,0,1000,100,#ff2d55");
  });
});

describe("crossings", () => {
  const frame = { ...STUDIO_FRAMES["9x16"], name: "9x16" as const };

  it("names the covered areas the title's box enters, and none for a title in the clear middle", () => {
    const middle = { x: 200, y: 700, width: 600, height: 200 };
    expect(crossings(middle, frame, ["douyin", "kuaishou"])).toEqual([]);
    const low = { x: 100, y: 1400, width: 900, height: 350 };
    expect(crossings(low, frame, ["douyin"]).map((crossing) => crossing.area.label)).toEqual([
      "右侧头像、点赞、评论、收藏、分享按钮",
      "底部账号名、文案、音乐与导航栏",
    ]);
    expect(crossings(low, frame, [])).toEqual([]);
  });
});
