import type { SafeAreaApp, StudioFrame } from "@contract/studio";

/** A part of the frame an app's own interface covers: per mille of the frame (x, y from the top left). */
export type CoveredArea = { label: string; x: number; y: number; width: number; height: number };

export type SafeAreaLayout = {
  /** The guide's colour on the preview. */
  color: string;
  /** Covered parts per frame; a frame an app does not overlay is absent. */
  frames: Partial<Record<StudioFrame, CoveredArea[]>>;
};

/**
 * Where each app's interface covers a full-screen video, from docs/studio-safe-areas.md (sources and how
 * the figures were taken are there). Estimates: no platform's own specification with figures was found.
 * They are rounded to 5 % of the frame on purpose: the apps change with versions and screen shapes, and
 * finer figures would claim a precision nobody has.
 */
export const SAFE_AREAS: Record<SafeAreaApp, SafeAreaLayout> = {
  douyin: {
    color: "#ff2d55",
    frames: {
      "9x16": [
        { label: "顶部状态栏与“推荐/关注”标签", x: 0, y: 0, width: 1000, height: 100 },
        { label: "右侧头像、点赞、评论、收藏、分享按钮", x: 850, y: 400, width: 150, height: 400 },
        { label: "底部账号名、文案、音乐与导航栏", x: 0, y: 800, width: 1000, height: 200 },
      ],
    },
  },
  kuaishou: {
    color: "#ff7a00",
    frames: {
      "9x16": [
        { label: "顶部状态栏与频道标签", x: 0, y: 0, width: 1000, height: 100 },
        { label: "右侧头像、点赞、评论、收藏、分享按钮", x: 850, y: 400, width: 150, height: 400 },
        { label: "底部作者、文案与导航栏", x: 0, y: 800, width: 1000, height: 200 },
      ],
    },
  },
  channels: {
    color: "#07c160",
    frames: {
      "9x16": [
        { label: "顶部返回、关注与搜索", x: 0, y: 0, width: 1000, height: 100 },
        { label: "底部作者、文案与点赞、转发、评论一排", x: 0, y: 750, width: 1000, height: 250 },
      ],
    },
  },
  xiaohongshu: {
    color: "#ff2442",
    frames: {
      "9x16": [
        { label: "顶部返回、作者与关注", x: 0, y: 0, width: 1000, height: 100 },
        { label: "底部标题、正文与点赞、收藏、评论栏", x: 0, y: 800, width: 1000, height: 200 },
      ],
    },
  },
  bilibili: {
    color: "#00a1d6",
    frames: {
      "9x16": [
        { label: "顶部状态栏与返回、搜索", x: 0, y: 0, width: 1000, height: 100 },
        { label: "右侧头像、点赞、投币、收藏、分享按钮", x: 850, y: 450, width: 150, height: 350 },
        { label: "底部 UP 主、标题与弹幕输入栏", x: 0, y: 800, width: 1000, height: 200 },
      ],
      "16x9": [
        { label: "播放时顶部的标题栏", x: 0, y: 0, width: 1000, height: 100 },
        { label: "播放时底部的进度条与控制栏", x: 0, y: 850, width: 1000, height: 150 },
      ],
    },
  },
};

/** The parts of `frame` the app covers; empty when the app does not overlay that frame. */
export function coveredAreas(app: SafeAreaApp, frame: StudioFrame): CoveredArea[] {
  return SAFE_AREAS[app].frames[frame] ?? [];
}

export type Crossing = { app: SafeAreaApp; area: CoveredArea };

/** The covered parts of the chosen apps that the box (frame pixels) enters. */
export function crossings(
  box: { x: number; y: number; width: number; height: number },
  frame: { width: number; height: number; name: StudioFrame },
  apps: readonly SafeAreaApp[],
): Crossing[] {
  const found: Crossing[] = [];
  for (const app of apps) {
    for (const area of coveredAreas(app, frame.name)) {
      const left = (area.x * frame.width) / 1000;
      const top = (area.y * frame.height) / 1000;
      const right = left + (area.width * frame.width) / 1000;
      const bottom = top + (area.height * frame.height) / 1000;
      const overlaps = box.x < right && box.x + box.width > left && box.y < bottom && box.y + box.height > top;
      if (overlaps) found.push({ app, area });
    }
  }
  return found;
}
