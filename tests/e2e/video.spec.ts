import type { APIRequestContext, Page, Request } from "@playwright/test";
import { test, expect, isJavaScriptOn } from "./fixtures";

type VideoDetail = {
  id: number;
  title: string;
  poster: string;
  fonts: Array<{ fontGNo: string; fontName: string }>;
  streams: Array<{ type: string; url: string }>;
};

async function firstVideo(request: APIRequestContext): Promise<VideoDetail> {
  const page = await (await request.get("/web/api/web-video/selectPage?size=1")).json();
  const id = page.data.records[0].id as number;
  return (await (await request.get(`/web/api/web-video/getDetailById?id=${id}`)).json()).data as VideoDetail;
}

const SEGMENT = /\/media\/videos\/[^/]+\/(720p|360p)\/segment-\d+\.mp4$/;

/** The renditions of the HLS segments the page requested, in order. */
function recordSegments(page: Page): string[] {
  const renditions: string[] = [];
  page.on("request", (request: Request) => {
    const match = SEGMENT.exec(new URL(request.url()).pathname);
    if (match) renditions.push(match[1]!);
  });
  return renditions;
}

/** Resolves once the player's video element fires `playing`. */
async function armPlaying(page: Page) {
  await page.evaluate(() => {
    const video = document.querySelector<HTMLVideoElement>(".video-player__mount video")!;
    (window as unknown as { __played: Promise<boolean> }).__played = new Promise((resolve) =>
      video.addEventListener("playing", () => resolve(true), { once: true }),
    );
  });
  return () => page.evaluate(() => (window as unknown as { __played: Promise<boolean> }).__played);
}

test.describe("视频播放（JavaScript 开启）", () => {
  test.beforeEach(({ page: _page }, info) => {
    test.skip(!isJavaScriptOn(info.project.name), "播放器需要 JavaScript");
  });

  test("播放页用 video.js 自带的 HLS 引擎（不是浏览器原生）播放，先取 720p", async ({ page, request }) => {
    const video = await firstVideo(request);
    const renditions = recordSegments(page);
    const playlistTypes: string[] = [];
    page.on("request", (request) => {
      if (request.url().endsWith("/master.m3u8")) playlistTypes.push(request.resourceType());
    });
    const response = await page.goto(`/player?id=${video.id}`);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1, name: video.title })).toBeVisible();
    await expect(page.locator(".video-player[data-enhanced]")).toBeVisible();
    // Nothing is fetched before the visitor presses play.
    expect(renditions).toEqual([]);

    const played = await armPlaying(page);
    await page.locator(".vjs-big-play-button").click();
    expect(await played()).toBe(true);

    // VHS fetches the playlists itself and feeds the element through MediaSource (a blob: URL);
    // native HLS would hand the element the playlist's own address.
    expect(playlistTypes).toEqual(["xhr"]);
    const source = await page.locator(".video-player__mount video").evaluate((element: HTMLVideoElement) => ({
      currentSrc: element.currentSrc,
      time: element.currentTime,
    }));
    expect(source.currentSrc).toMatch(/^blob:/);
    await expect
      .poll(() =>
        page.locator(".video-player__mount video").evaluate((element: HTMLVideoElement) => element.currentTime),
      )
      .toBeGreaterThan(0.5);
    // The initial bandwidth estimate (4 Mbit/s) affords the 720p rendition.
    expect(renditions[0]).toBe("720p");
  });

  test("播放中带宽变窄时从 720p 切换到 360p 继续播放", async ({ page, request }) => {
    const video = await firstVideo(request);
    const renditions = recordSegments(page);
    await page.goto(`/player?id=${video.id}`);
    await expect(page.locator(".video-player[data-enhanced]")).toBeVisible();

    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Network.enable");
    // Once the player has chosen 720p (its playlist is requested), the connection drops to
    // 120 kbit/s: above the 360p rendition's peak bandwidth, well below the 720p one's.
    let throttled: Promise<unknown> | null = null;
    page.on("request", (request) => {
      if (throttled || !request.url().endsWith("/720p/index.m3u8")) return;
      throttled = cdp.send("Network.emulateNetworkConditions", {
        offline: false,
        latency: 40,
        downloadThroughput: 120_000 / 8,
        uploadThroughput: 120_000 / 8,
      });
    });
    const played = await armPlaying(page);
    await page.locator(".vjs-big-play-button").click();
    await expect.poll(() => renditions.includes("360p"), { timeout: 45_000 }).toBe(true);
    expect(throttled).not.toBeNull();
    expect(renditions[0]).toBe("720p");
    expect(await played()).toBe(true);
    await cdp.detach();
  });

  test("视频详情页嵌入同一个播放器，并链接到播放页", async ({ page, request }) => {
    const video = await firstVideo(request);
    await page.goto(`/video/${video.id}`);
    await expect(page.locator(".video-player[data-enhanced] .video-js")).toBeVisible();
    await page.getByRole("link", { name: "在播放页观看" }).click();
    await page.waitForURL(new RegExp(`/player\\?id=${video.id}$`));
    await expect(page.getByRole("heading", { level: 1, name: video.title })).toBeVisible();
  });
});

test.describe("视频播放（JavaScript 开启或关闭）", () => {
  test("没有 JavaScript 时是普通的 <video>：MP4 片源可按范围请求，海报可见", async ({ page, request }, info) => {
    const video = await firstVideo(request);
    await page.goto(`/player?id=${video.id}`);
    const plain = page.locator("video.video-player__plain");
    if (isJavaScriptOn(info.project.name)) {
      // Replaced by the video.js player once the page runs.
      await expect(plain).toHaveCount(0);
      return;
    }
    await expect(plain).toHaveAttribute("controls", "");
    const mp4 = await plain.locator('source[type="video/mp4"]').getAttribute("src");
    expect(mp4).toBe(video.streams.find((stream) => stream.type === "mp4")!.url);
    const whole = await request.get(mp4!);
    expect(whole.status()).toBe(200);
    expect(whole.headers()["content-type"]).toBe("video/mp4");
    expect(whole.headers()["accept-ranges"]).toBe("bytes");
    const size = (await whole.body()).length;
    const part = await request.get(mp4!, { headers: { Range: "bytes=0-99" } });
    expect(part.status()).toBe(206);
    expect(part.headers()["content-range"]).toBe(`bytes 0-99/${size}`);
    expect((await part.body()).subarray(4, 8).toString("latin1")).toBe("ftyp");

    const poster = await plain.getAttribute("poster");
    const image = await request.get(poster!);
    expect(image.headers()["content-type"]).toBe("image/jpeg");
  });

  test("播放页列出视频用到的字体（链接到字体页）和接着看的视频，.html 地址同样可用", async ({ page, request }) => {
    const video = await firstVideo(request);
    const response = await page.goto(`/player.html?id=${video.id}`);
    expect(response?.status()).toBe(200);
    const fonts = page.getByRole("region", { name: "视频里的字体" }).getByRole("link");
    await expect(fonts).toHaveCount(video.fonts.length);
    await expect(fonts.first()).toHaveAttribute("href", `/font/${video.fonts[0]!.fontGNo}`);
    const next = page.getByRole("region", { name: "接着看" }).getByRole("link").first();
    await expect(next).toHaveAttribute("href", /^\/player\?id=\d+$/);
    await next.click();
    await page.waitForURL(/\/player\?id=\d+$/);
    await expect(page.locator(".video-player")).toBeVisible();
  });

  test("没有编号、编号无效或视频不存在时是清楚的 404 页", async ({ page, consoleGuard }) => {
    consoleGuard.allow(/404/);
    for (const [path, text] of [
      ["/player", "播放地址缺少有效的视频编号"],
      ["/player?id=abc", "播放地址缺少有效的视频编号"],
      ["/player?id=999999", "视频不存在"],
    ] as const) {
      const response = await page.goto(path);
      expect(response?.status(), path).toBe(404);
      await expect(page.getByRole("heading", { level: 1, name: "没有找到这个视频" })).toBeVisible();
      await expect(page.getByText(text)).toBeVisible();
      await expect(page.getByRole("link", { name: "看看全部视频" })).toHaveAttribute("href", "/video");
    }
  });

  test("字体详情页的视频栏列出使用这款字体的视频", async ({ page, request }) => {
    const video = await firstVideo(request);
    const font = video.fonts[0]!;
    await page.goto(`/font/${font.fontGNo}`);
    const section = page.locator("section#video");
    await expect(section.getByRole("link", { name: video.title })).toHaveAttribute("href", `/player?id=${video.id}`);
  });
});
