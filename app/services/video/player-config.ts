/**
 * How the site's video player streams: video.js with its own HLS engine (VHS), used also where the
 * browser plays HLS natively so that every visitor gets the same buffering and adaptation.
 */
export const STREAMING = {
  /** Seconds of video the engine tries to keep buffered ahead of the playhead… */
  goalBufferSeconds: 30,
  /** …growing with playback up to this. */
  maxGoalBufferSeconds: 60,
  /** A segment request is given up after this many target durations. */
  segmentRequestTimeoutTargetDurations: 1.5,
  /** A rendition whose segment had to be abandoned for lack of bandwidth is skipped this long. */
  earlyAbortExclusionSeconds: 120,
  /** The bandwidth assumed before the first segment has been measured, in bit/s. */
  initialBandwidthBitsPerSecond: 4_194_304,
  /** How often the engine checks that playback advances (and recovers a stall). */
  playbackCheckMs: 250,
  /** After a playback error the source is reloaded, at most once in this many seconds. */
  sourceReloadMinIntervalSeconds: 30,
  /** Media timestamps count this many ticks per second (the MPEG 90 kHz clock). */
  clockTicksPerSecond: 90_000,
} as const;

/** The options the player is created with (video.js `html5` tech and VHS). */
export const PLAYER_OPTIONS = {
  controls: true,
  /** Nothing is downloaded until the visitor presses play. */
  preload: "none",
  playsinline: true,
  /** Fills its box (sized by our CSS), so that video.js never writes a `<style>` element. */
  fill: true,
  html5: {
    vhs: {
      overrideNative: true,
      bandwidth: STREAMING.initialBandwidthBitsPerSecond,
      useBandwidthFromLocalStorage: false,
    },
    nativeAudioTracks: false,
    nativeVideoTracks: false,
  },
} as const;

/** The buffer goals, which VHS reads from its global configuration rather than from options. */
export type VhsGlobalConfig = { GOAL_BUFFER_LENGTH: number; MAX_GOAL_BUFFER_LENGTH: number };

export function applyBufferGoals(vhs: VhsGlobalConfig): void {
  vhs.GOAL_BUFFER_LENGTH = STREAMING.goalBufferSeconds;
  vhs.MAX_GOAL_BUFFER_LENGTH = STREAMING.maxGoalBufferSeconds;
}

/** The options of video.js's reloadSourceOnError plugin. */
export const RELOAD_ON_ERROR_OPTIONS = { errorInterval: STREAMING.sourceReloadMinIntervalSeconds } as const;

type ExclusionRequest = { error?: { message?: string }; playlistExclusionDuration?: number };

/** The part of VHS's playlist controller that excludes a rendition. */
export type PlaylistController = { excludePlaylist(request: ExclusionRequest): unknown };

/** VHS's message when it abandons a segment that would not arrive before the buffer runs out. */
const EARLY_ABORT_MESSAGE = /^Aborted early/;

/**
 * VHS excludes a rendition for a fixed 10 s after an early abort, which on a weak connection makes
 * the player climb back to a rendition it cannot sustain every few seconds; this keeps such a
 * rendition out for `earlyAbortExclusionSeconds` instead. Other exclusions are left as they are.
 */
export function lengthenEarlyAbortExclusion(controller: PlaylistController): void {
  const exclude = controller.excludePlaylist.bind(controller);
  controller.excludePlaylist = (request) =>
    exclude(
      EARLY_ABORT_MESSAGE.test(request.error?.message ?? "")
        ? { ...request, playlistExclusionDuration: STREAMING.earlyAbortExclusionSeconds }
        : request,
    );
}
