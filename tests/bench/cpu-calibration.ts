/**
 * Lighthouse's CPU slowdown calibrated to the host. Lighthouse simulates a load with the main
 * thread's observed tasks multiplied by 4, a factor meant to turn a fast desktop into the mid-tier
 * phone it models; on a slower host the same 4 models a slower phone. Its maintainers' calculator
 * maps the host's `benchmarkIndex` to the multiplier that models that phone: 1 at 150, 2 at 800, 3
 * at 1 300, then one more per 233 (4 at 1 533, Lighthouse's default). PageSpeed Insights itself
 * runs with a multiplier taken from it for its own hosts.
 */
const ANCHORS: ReadonlyArray<readonly [benchmarkIndex: number, multiplier: number]> = [
  [150, 1],
  [800, 2],
  [1300, 3],
  [1533, 4],
];

export const DEFAULT_CPU_SLOWDOWN = 4;

/** The multiplier for a host measured at `benchmarkIndex` (never under 1: the host is never sped up). */
export function calibratedCpuSlowdown(benchmarkIndex: number): number {
  if (!Number.isFinite(benchmarkIndex) || benchmarkIndex <= ANCHORS[0]![0]) return 1;
  const upper = ANCHORS.findIndex(([index]) => benchmarkIndex <= index);
  // Past the last anchor the last segment's slope goes on.
  const [lowIndex, lowMultiplier] = ANCHORS[upper === -1 ? ANCHORS.length - 2 : upper - 1]!;
  const [highIndex, highMultiplier] = ANCHORS[upper === -1 ? ANCHORS.length - 1 : upper]!;
  return lowMultiplier + ((benchmarkIndex - lowIndex) * (highMultiplier - lowMultiplier)) / (highIndex - lowIndex);
}
