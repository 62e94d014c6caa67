// @vitest-environment jsdom
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { describe, expect, it } from "vitest";
import {
  applyBufferGoals,
  lengthenEarlyAbortExclusion,
  PLAYER_OPTIONS,
  RELOAD_ON_ERROR_OPTIONS,
  STREAMING,
  type PlaylistController,
} from "./player-config";

const require = createRequire(import.meta.url);

/** The video.js build the site bundles, VHS included. */
const videoJsSource = () => readFile(require.resolve("video.js/dist/video.es.js"), "utf8");

describe("streaming constants", () => {
  it("are the player's buffering, timing and recovery settings", () => {
    expect(STREAMING).toEqual({
      goalBufferSeconds: 30,
      maxGoalBufferSeconds: 60,
      segmentRequestTimeoutTargetDurations: 1.5,
      earlyAbortExclusionSeconds: 120,
      initialBandwidthBitsPerSecond: 4194304,
      playbackCheckMs: 250,
      sourceReloadMinIntervalSeconds: 30,
      clockTicksPerSecond: 90000,
    });
  });

  it("make video.js play HLS with VHS even where the browser could play it natively", () => {
    expect(PLAYER_OPTIONS.html5).toEqual({
      vhs: { overrideNative: true, bandwidth: 4194304, useBandwidthFromLocalStorage: false },
      nativeAudioTracks: false,
      nativeVideoTracks: false,
    });
    expect(RELOAD_ON_ERROR_OPTIONS).toEqual({ errorInterval: 30 });
  });

  it("set the buffer goals through VHS's own global settings", async () => {
    const { default: videojs } = await import("video.js");
    const vhs = (videojs as unknown as { Vhs: Record<string, number> }).Vhs;
    for (const name of ["GOAL_BUFFER_LENGTH", "MAX_GOAL_BUFFER_LENGTH"]) {
      // Accessors of VHS's configuration, not properties this code would merely add.
      expect(Object.getOwnPropertyDescriptor(vhs, name)?.set).toBeTypeOf("function");
    }
    videojs.log.level("off");
    vhs.GOAL_BUFFER_LENGTH = 5;
    vhs.MAX_GOAL_BUFFER_LENGTH = 6;
    applyBufferGoals(vhs as never);
    expect([vhs.GOAL_BUFFER_LENGTH, vhs.MAX_GOAL_BUFFER_LENGTH]).toEqual([30, 60]);
  });

  it("match the timings VHS applies by itself: request timeout, playback check and clock", async () => {
    const source = await videoJsSource();
    const timeouts = [...source.matchAll(/requestTimeout = media\.targetDuration \* ([\d.]+) \* 1000/g)];
    expect(timeouts.length).toBeGreaterThan(0);
    for (const [, factor] of timeouts) expect(Number(factor)).toBe(STREAMING.segmentRequestTimeoutTargetDurations);
    const check = /setTimeout\(this\.monitorCurrentTime_\.bind\(this\), (\d+)\)/.exec(source);
    expect(Number(check?.[1])).toBe(STREAMING.playbackCheckMs);
    const clock = require("mux.js/lib/utils/clock") as { ONE_SECOND_IN_TS: number };
    expect(clock.ONE_SECOND_IN_TS).toBe(STREAMING.clockTicksPerSecond);
  });
});

describe("lengthenEarlyAbortExclusion", () => {
  function recordingController() {
    const requests: unknown[] = [];
    const controller: PlaylistController = {
      excludePlaylist(request) {
        requests.push(request);
      },
    };
    lengthenEarlyAbortExclusion(controller);
    return { controller, requests };
  }

  it("keeps a rendition abandoned for lack of bandwidth out for 120 s instead of VHS's 10 s", async () => {
    // The message VHS gives such an exclusion, as the bundled build words it.
    expect(await videoJsSource()).toContain("message: 'Aborted early because there isn\\'t enough bandwidth");
    const { controller, requests } = recordingController();
    const error = { message: "Aborted early because there isn't enough bandwidth to complete the request" };
    controller.excludePlaylist({ error, playlistExclusionDuration: 10 });
    expect(requests).toEqual([{ error, playlistExclusionDuration: 120 }]);
  });

  it("leaves every other exclusion as VHS asked", () => {
    const { controller, requests } = recordingController();
    const failed = { error: { message: "HLS playlist request error" } };
    const incompatible = { error: { message: "codecs not supported" }, playlistExclusionDuration: Infinity };
    controller.excludePlaylist(failed);
    controller.excludePlaylist(incompatible);
    expect(requests).toEqual([failed, incompatible]);
  });
});
