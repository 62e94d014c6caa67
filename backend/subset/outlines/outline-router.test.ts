import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { OutlineLayout } from "../../../contract/outlines.js";
import { serveTestFontService, type ServedTestFontService } from "../testing/test-font-service.js";

type Envelope<T> = { code: string; message: string; data: T };

describe("outline HTTP routes", () => {
  let served: ServedTestFontService;

  beforeAll(async () => {
    served = await serveTestFontService();
  });
  afterAll(() => served.close());

  function get(pathname: string, query: Record<string, string | string[]>): Promise<Response> {
    const params = new URLSearchParams();
    for (const [name, value] of Object.entries(query)) {
      for (const item of Array.isArray(value) ? value : [value]) params.append(name, item);
    }
    return fetch(`${served.server.origin}${pathname}?${params}`);
  }

  type Scene = Record<string, string | string[]>;
  /** A 9:16 frame's size, as the studio asks for it. */
  const PORTRAIT = { width: "1080", height: "1920" };

  /** The image of `scene`, in font 10001 unless it names another. */
  const image = (scene: Scene) => get("/webfont/outlines/image", { gno: "10001", ...scene });

  /** The layout of `scene`, in font 10001 unless it names another. */
  async function layout(scene: Scene): Promise<OutlineLayout> {
    const response = await get("/webfont/outlines/layout", { gno: "10001", ...scene });
    expect(response.status).toBe(200);
    return ((await response.json()) as Envelope<OutlineLayout>).data;
  }

  /** Pixels whose alpha is above half, inside the rectangle given (whole image by default). */
  async function opaquePixels(png: Buffer, area?: { left: number; top: number; width: number; height: number }) {
    const image = sharp(png);
    const { data, info } = await (area ? image.extract(area) : image).ensureAlpha().raw().toBuffer({
      resolveWithObject: true,
    });
    let count = 0;
    for (let offset = 3; offset < data.length; offset += info.channels) if (data[offset]! > 128) count++;
    return count;
  }

  it("draws the text as a PNG of the frame's exact size, ink where the text is and nowhere else", async () => {
    const response = await image({ text: "快乐标题", size: "160", color: "#ff3300", ...PORTRAIT });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("image/png");
    const png = Buffer.from(await response.arrayBuffer());
    const metadata = await sharp(png).metadata();
    expect([metadata.width, metadata.height]).toEqual([1080, 1920]);
    const middle = await opaquePixels(png, { left: 0, top: 860, width: 1080, height: 200 });
    expect(middle).toBeGreaterThan(10_000);
    const topThird = await opaquePixels(png, { left: 0, top: 0, width: 1080, height: 640 });
    expect(topThird).toBe(0);
    const { data } = await sharp(png).extract({ left: 0, top: 860, width: 1080, height: 200 }).raw().toBuffer({
      resolveWithObject: true,
    });
    // Some fully opaque pixel carries the fill colour.
    let found = false;
    for (let offset = 0; offset < data.length && !found; offset += 4) {
      found = data[offset + 3] === 255 && data[offset] === 0xff && data[offset + 1] === 0x33 && data[offset + 2] === 0;
    }
    expect(found).toBe(true);
  });

  it("answers an SVG whose text is outline paths, never <text>", async () => {
    const response = await image({
      gno: "10002",
      text: "思源黑体\n第二行",
      format: "svg",
      stroke: "#ffffff",
      strokeWidth: "6",
      gradient: "#00ccff",
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toContain("image/svg+xml");
    const svg = await response.text();
    expect(svg).not.toMatch(/<text|<tspan|font-family/);
    expect(svg.match(/<path /g)).toHaveLength(2);
    expect(svg).toContain("linearGradient");
    // resvg reads it back: the same document rasterizes to the frame it states.
    const rendered = await sharp(Buffer.from(svg)).png().toBuffer();
    expect(await opaquePixels(rendered)).toBeGreaterThan(1_000);
  });

  it("lays the text out in frame pixels, shrinks what does not fit and names what the font lacks", async () => {
    const fits = await layout({ text: "短标题", size: "100", ...PORTRAIT });
    expect(fits.size).toBe(100);
    const box = fits.box!;
    expect(box.x + box.width / 2).toBeCloseTo(540, 0);
    expect(box.y + box.height / 2).toBeCloseTo(960, 0);
    expect(box.width).toBeGreaterThan(250);

    const tooWide = await layout({ text: "这是一个非常非常长的标题一行放不下", size: "200", ...PORTRAIT, y: "200" });
    expect(tooWide.size).toBeLessThan(200);
    expect(tooWide.box!.width).toBeLessThanOrEqual(1080);
    expect(tooWide.box!.y + tooWide.box!.height / 2).toBeCloseTo(384, 0);

    expect((await layout({ text: "标题𠀀" })).missing).toEqual(["𠀀"]);
  });

  it("refuses bad scenes with a Chinese 400, never a 5xx", async () => {
    const cases: Scene[] = [
      { gno: "99999", text: "标题" },
      { gno: "10001", text: "标".repeat(201) },
      { gno: "10001", text: "" },
      { gno: "10001", text: "标题", size: "100000" },
      { gno: "10001", text: "标题", color: "red" },
      { gno: "10001", text: "标题", width: "4096", height: "4096" },
      { gno: "10001", text: "标题", guide: "0,0,2000,10,#ff0000" },
      { gno: "10001", text: "一\n二\n三\n四\n五" },
      { gno: "10001", text: "标题", format: "gif" },
      { gno: ["10001", "10002"], text: "标题" },
    ];
    for (const query of cases) {
      const response = await get("/webfont/outlines/image", query);
      const body = (await response.json()) as Envelope<null>;
      expect(response.status, JSON.stringify(query)).toBe(400);
      expect(body.message).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it("draws guides translucent over the frame and the bar opaque behind the text", async () => {
    const scene = { text: "标题", size: "80", width: "400", height: "400", y: "800", bar: "#0000ff" };
    const response = await image({ ...scene, scale: "50", guide: "0,0,1000,100,#00ff00" });
    const png = Buffer.from(await response.arrayBuffer());
    expect((await sharp(png).metadata()).width).toBe(200);
    const pixel = async (left: number, top: number) =>
      (await sharp(png).extract({ left, top, width: 1, height: 1 }).raw().toBuffer()).toJSON().data;
    const [, green, , guideAlpha] = await pixel(100, 10);
    expect(green).toBeGreaterThan(200);
    expect(guideAlpha).toBeGreaterThan(40);
    expect(guideAlpha).toBeLessThan(128);
    // The bar reaches beyond the ink on the left of the text's line, low in the frame.
    const box = (await layout(scene)).box!;
    const [red, , blue, barAlpha] = await pixel(Math.round((box.x + 4) / 2), Math.round((box.y + box.height / 2) / 2));
    expect([red, blue, barAlpha]).toEqual([0, 255, 255]);
    expect(await opaquePixels(png, { left: 0, top: 30, width: 200, height: 90 })).toBe(0);
  });
});

describe("outline HTTP routes under the client's subset budget", () => {
  let served: ServedTestFontService;

  beforeAll(async () => {
    // A 1080×1920 image of a 4-character title costs 1 + 4 + 208 (one unit per 10 000 pixels).
    served = await serveTestFontService({ rateLimitPerMinute: 300, trustProxy: "loopback" });
  });
  afterAll(() => served.close());

  const imageFor = (client: string, text: string) =>
    fetch(
      `${served.server.origin}/webfont/outlines/image?${new URLSearchParams({ gno: "10001", text, width: "1080", height: "1920" })}`,
      { headers: { "X-Forwarded-For": client } },
    );

  it("refuses a client's new images beyond its budget with 429 and Retry-After; a drawn image stays cheap; others unaffected", async () => {
    const first = await imageFor("203.0.113.7", "周末去哪");
    expect(first.status).toBe(200);
    await first.arrayBuffer();
    const refused = await imageFor("203.0.113.7", "开学第一");
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(((await refused.json()) as Envelope<null>).message).toBe("请求过于频繁，请稍后再试");
    // The image already drawn costs 1.
    expect((await imageFor("203.0.113.7", "周末去哪")).status).toBe(200);
    expect((await imageFor("203.0.113.8", "开学第一")).status).toBe(200);
  });
});
