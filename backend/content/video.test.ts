import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import express from "express";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Font } from "../../contract/catalogue.js";
import type { VideoDetail, VideoSummary } from "../../contract/content.js";
import type { Page } from "../../contract/envelope.js";
import { TEST_DATABASES } from "../db/testing/test-databases.js";
import { apiErrorHandler } from "../http/errors.js";
import { serveRouter, type TestServer } from "../http/testing/test-server.js";
import { createBackend, type Backend } from "../index.js";
import { videoMediaPaths } from "./seed/video-media.js";
import { VIDEO_SEEDS } from "./seed/videos.js";

type Envelope<T> = { code: string; message: string; data: T };

describe.each(TEST_DATABASES)("videos' media and font filter on $name", (database) => {
  const skip = !database.available;
  let backend: Backend;
  let server: TestServer;
  let dataDir: string;
  let dispose: () => Promise<void>;

  beforeAll(async () => {
    if (skip) return;
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), "video-test-"));
    const { dispose: disposeDatabase, ...options } = await database.open();
    dispose = disposeDatabase;
    backend = await createBackend({ ...options, dataDir });
    const router = express.Router();
    router.use(backend.router);
    router.use(apiErrorHandler);
    server = await serveRouter(router);
  });

  afterAll(async () => {
    if (skip) return;
    expect(server?.statuses.filter((status) => status >= 500)).toEqual([]);
    await server?.close();
    await backend?.close();
    await dispose?.();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  async function get<T>(pathAndQuery: string): Promise<{ status: number; body: Envelope<T> }> {
    const response = await fetch(new URL(pathAndQuery, server.origin));
    return { status: response.status, body: (await response.json()) as Envelope<T> };
  }

  async function ok<T>(pathAndQuery: string): Promise<T> {
    const { status, body } = await get<T>(pathAndQuery);
    expect(status, body.message).toBe(200);
    return body.data;
  }

  async function allVideos(): Promise<VideoDetail[]> {
    const page = await ok<Page<VideoSummary>>("/web/api/web-video/selectPage?size=100");
    return Promise.all(page.records.map((video) => ok<VideoDetail>(`/web/api/web-video/getDetailById?id=${video.id}`)));
  }

  it.skipIf(skip)("gives every seeded video its HLS playlist, its MP4 and the poster from its clip", async () => {
    const videos = await allVideos();
    expect(videos).toHaveLength(VIDEO_SEEDS.length);
    for (const video of videos) {
      const seed = VIDEO_SEEDS.find((candidate) => candidate.title === video.title)!;
      const media = videoMediaPaths(seed.slug);
      expect(video.poster).toBe(media.poster);
      expect(video.durationSeconds).toBe(seed.durationSeconds);
      expect(video.streams).toEqual([
        { type: "hls", url: media.master, width: 1280, height: 720 },
        { type: "mp4", url: media.mp4, width: 1280, height: 720 },
      ]);
    }
  });

  it.skipIf(skip)("lists the videos showing any weight of a font's family with fontGNo", async () => {
    const videos = await allVideos();
    const shown = videos.find((video) => video.fonts.some((font) => font.familyName === "思源黑体"))!;
    const blackWeight = shown.fonts.find((font) => font.familyName === "思源黑体")!;
    const family = await ok<Font>(`/web/api/font/getFontDetail?fontGNo=${blackWeight.fontGNo}`);
    const weights = [family.fontGNo, ...family.childFontResource.map((child) => child.fontGNo)];
    // A weight of the same family that no video names itself.
    const otherWeight = weights.find((gno) => !videos.some((video) => video.fontGNos.includes(gno)));
    expect(otherWeight).toBeDefined();

    const page = await ok<Page<VideoSummary>>(`/web/api/web-video/selectPage?size=100&fontGNo=${otherWeight}`);
    const expected = videos.filter((video) => video.fonts.some((font) => font.familyId === blackWeight.familyId));
    expect(page.records.map((video) => video.id).sort()).toEqual(expected.map((video) => video.id).sort());
    expect(page.total).toBe(expected.length);
    expect(page.total).toBeLessThan(videos.length);

    const unused = await ok<Page<VideoSummary>>("/web/api/web-video/selectPage?fontGNo=99999999");
    expect(unused).toMatchObject({ total: 0, records: [] });
    const bad = await get("/web/api/web-video/selectPage?fontGNo=abc");
    expect(bad).toEqual({ status: 400, body: { code: "400", message: "参数 fontGNo 必须是数字编号", data: null } });
  });

  it.skipIf(skip)("gives each family a video shows that video's MP4 as its demonstration video", async () => {
    const videos = [...(await allVideos())].sort((a, b) => a.id - b.id);
    const kuaile = videos.flatMap((video) => video.fonts).find((font) => font.familyName === "站酷快乐体")!;
    const detail = await ok<Font>(`/web/api/font/getFontDetail?fontGNo=${kuaile.fontGNo}`);
    const firstShowing = videos.find((video) => video.fonts.some((font) => font.familyId === kuaile.familyId))!;
    expect(detail.videoUrl).toBe(firstShowing.streams.find((stream) => stream.type === "mp4")!.url);
  });
});
