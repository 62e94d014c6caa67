/**
 * Visits of font pages gathered per font and handed to `report` together, at most once per `everyMs`
 * for each batch: a page answered without reading the font's detail (which counts one view itself)
 * still counts, without a call per visit.
 */
export class FontVisitCounter {
  private readonly unreported = new Map<string, number>();
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(
    private readonly report: (fontGNo: string, visits: number) => void,
    private readonly everyMs = 1000,
  ) {}

  count(fontGNo: string): void {
    this.unreported.set(fontGNo, (this.unreported.get(fontGNo) ?? 0) + 1);
    this.timer ??= setTimeout(() => this.flush(), this.everyMs);
    // A pending report never keeps a stopping process alive.
    if (typeof this.timer === "object") this.timer.unref?.();
  }

  private flush(): void {
    this.timer = undefined;
    const batch = [...this.unreported];
    this.unreported.clear();
    for (const [fontGNo, visits] of batch) this.report(fontGNo, visits);
  }
}
