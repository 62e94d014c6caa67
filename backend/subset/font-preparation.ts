import type { FontSource } from "./font-source.js";
import type { FaceSubsetter } from "./subsetter-pool.js";

export type FontPreparation = {
  /** Settles once every font was prepared, skipped or the preparation stopped. */
  done: Promise<void>;
  /** Stops before the next font. */
  stop(): void;
};

/** Time for the server's start, and its first requests, before the preparation takes any CPU. */
export const PREPARATION_START_DELAY_MS = 1_000;
/**
 * Least pause between fonts, so that requests coming in meanwhile wait at most for one font's work; the
 * pause after a font is at least as long as its work took, so the preparation takes at most half a core.
 */
export const PREPARATION_SPACING_MS = 20;

/**
 * Gets the fonts `gnos` ready for their first subsets in this process, one at a time in the background:
 * the font source works out each file's content digest (part of its subsets' cache key), and the
 * subsetter its loading plan, so that a font's first preview after a restart reads only the parts of its
 * file it needs instead of all of it (a 10 MB font: about 9 ms, most of it spent reading and hashing the
 * whole file). A font that cannot be found or read is skipped.
 */
export function prepareFonts(options: {
  gnos: () => Promise<string[]>;
  fontSource: FontSource;
  subsetter: FaceSubsetter;
  startDelayMs?: number;
  spacingMs?: number;
}): FontPreparation {
  const { gnos, fontSource, subsetter } = options;
  let stopped = false;
  let wake: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;
  const pause = (ms: number) =>
    new Promise<void>((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, ms);
      timer.unref();
    });
  const run = async () => {
    await pause(options.startDelayMs ?? PREPARATION_START_DELAY_MS);
    if (stopped) return;
    for (const gno of await gnos()) {
      if (stopped) return;
      const start = performance.now();
      try {
        const file = await fontSource(gno);
        if (stopped) return;
        if (file) await subsetter.prepare(file);
      } catch (error) {
        console.warn(`字体 ${gno} 的子集化准备失败（其首次预览将整个读入字体文件）`, error);
      }
      await pause(Math.max(options.spacingMs ?? PREPARATION_SPACING_MS, performance.now() - start));
    }
  };
  const done = run().catch((error: unknown) => {
    console.warn("字体的子集化准备中断（未准备的字体，首次预览将整个读入字体文件）", error);
  });
  return {
    done,
    stop() {
      stopped = true;
      clearTimeout(timer);
      wake?.();
    },
  };
}
