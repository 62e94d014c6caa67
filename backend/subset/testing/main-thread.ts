/**
 * Runs `task` while a timer ticks every `everyMs`, and answers its result, how long it took and how
 * many ticks ran meanwhile: none when the task held the main thread the whole time.
 */
export async function ticksDuring<T>(
  everyMs: number,
  task: () => Promise<T>,
): Promise<{ result: T; ticks: number; elapsedMs: number }> {
  let ticks = 0;
  const timer = setInterval(() => ticks++, everyMs);
  const started = performance.now();
  try {
    const result = await task();
    return { result, ticks, elapsedMs: performance.now() - started };
  } finally {
    clearInterval(timer);
  }
}
