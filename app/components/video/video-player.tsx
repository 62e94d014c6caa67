import type { LinksFunction } from "@remix-run/node";
import { useEffect, useRef, useState } from "react";
import videoJsStylesHref from "video.js/dist/video-js.css?url";
import {
  applyBufferGoals,
  lengthenEarlyAbortExclusion,
  PLAYER_OPTIONS,
  RELOAD_ON_ERROR_OPTIONS,
  type PlaylistController,
  type VhsGlobalConfig,
} from "~/services/video/player-config";
import playerStylesHref from "./video-player.css?url";

/** The stylesheets a page with a player links: video.js's skin and the player's box. */
export const videoPlayerLinks: LinksFunction = () => [
  { rel: "stylesheet", href: videoJsStylesHref },
  { rel: "stylesheet", href: playerStylesHref },
];

export type VideoPlayerProps = {
  title: string;
  poster: string;
  /** The HLS master playlist, played by video.js once JavaScript runs. */
  hlsUrl: string | null;
  /** The progressive MP4 the plain `<video>` plays without JavaScript. */
  mp4Url: string | null;
  width: number;
  height: number;
};

declare global {
  interface Window {
    /** Tells video.js to size the player with attributes instead of a `<style>` element of its own. */
    VIDEOJS_NO_DYNAMIC_STYLE?: boolean;
  }
}

type Player = ReturnType<typeof import("video.js").default>;

/**
 * A video: without JavaScript a plain `<video controls>` playing the MP4; with it, video.js
 * (loaded only here, when a player is on the page) playing the HLS renditions through its own
 * engine, which adapts to the connection.
 */
export function VideoPlayer({ title, poster, hlsUrl, mp4Url, width, height }: VideoPlayerProps) {
  const mountRef = useRef<HTMLDivElement>(null);
  const [enhanced, setEnhanced] = useState(false);

  useEffect(() => {
    const mount = mountRef.current;
    if (!hlsUrl || !mount) return;
    let player: Player | null = null;
    let disposed = false;
    void (async () => {
      window.VIDEOJS_NO_DYNAMIC_STYLE = true;
      const [{ default: videojs }, { default: chinese }] = await Promise.all([
        import("video.js"),
        import("video.js/dist/lang/zh-CN.json"),
      ]);
      if (disposed) return;
      videojs.addLanguage("zh-CN", chinese);
      // VHS warns on every access to its global settings; these two are set knowingly.
      const level = videojs.log.level();
      videojs.log.level("error");
      applyBufferGoals((videojs as unknown as { Vhs: VhsGlobalConfig }).Vhs);
      videojs.log.level(level as Parameters<typeof videojs.log.level>[0]);

      const element = document.createElement("video");
      element.className = "video-js vjs-big-play-centered";
      element.setAttribute("poster", poster);
      element.setAttribute("aria-label", title);
      element.setAttribute("playsinline", "");
      mount.appendChild(element);
      const current = videojs(element, {
        ...PLAYER_OPTIONS,
        language: "zh-CN",
        sources: [{ src: hlsUrl, type: "application/x-mpegURL" }],
      });
      player = current;
      // The plugin ships with video.js, but its types leave it out.
      (current as unknown as ReloadablePlayer).reloadSourceOnError(RELOAD_ON_ERROR_OPTIONS);
      current.on("loadstart", () => {
        const vhs = (current.tech({ IWillNotUseThisInPlugins: true }) as unknown as TechWithVhs).vhs;
        const controller = vhs?.playlistController_;
        if (controller && !lengthened.has(controller)) {
          lengthened.add(controller);
          lengthenEarlyAbortExclusion(controller);
        }
      });
      setEnhanced(true);
    })();
    return () => {
      disposed = true;
      player?.dispose();
      setEnhanced(false);
    };
  }, [hlsUrl, poster, title]);

  return (
    <div className="video-player" style={{ aspectRatio: `${width} / ${height}` }} data-enhanced={enhanced || undefined}>
      {enhanced ? null : (
        // Font demonstrations show type in motion; they have no speech to caption.
        // eslint-disable-next-line jsx-a11y-x/media-has-caption
        <video
          className="video-player__plain"
          controls
          preload="none"
          playsInline
          poster={poster}
          width={width}
          height={height}
          aria-label={title}
        >
          {mp4Url ? <source src={mp4Url} type="video/mp4" /> : null}
          {mp4Url ? <a href={mp4Url}>下载视频：{title}</a> : null}
        </video>
      )}
      <div ref={mountRef} className="video-player__mount" hidden={!enhanced} />
    </div>
  );
}

type ReloadablePlayer = { reloadSourceOnError(options: typeof RELOAD_ON_ERROR_OPTIONS): void };

type TechWithVhs = { vhs?: { playlistController_?: PlaylistController } };

/** Controllers whose early-abort exclusion is already lengthened (a source reload makes a new one). */
const lengthened = new WeakSet<PlaylistController>();
