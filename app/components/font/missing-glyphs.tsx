/**
 * Characters a font lacks, marked instead of drawn in a fallback font: a dotted box holding the
 * character small in the interface's own font, labelled 缺字, so no other font passes for the
 * font's own glyph. Used wherever text is set in a font's subset (lists, font pages, the compare page).
 */

type Segment = { text: string; missing: boolean };

/** The text cut into runs the font draws and single characters it lacks. */
export function segmentText(text: string, missing: readonly string[]): Segment[] {
  const lacking = new Set(missing);
  const segments: Segment[] = [];
  for (const character of Array.from(text)) {
    const isMissing = lacking.has(character);
    const last = segments[segments.length - 1];
    if (!isMissing && last && !last.missing) last.text += character;
    else segments.push({ text: character, missing: isMissing });
  }
  return segments;
}

/** `text` with each character of `missing` boxed as 缺字. */
export function MissingGlyphText({ text, missing }: { text: string; missing: readonly string[] }) {
  if (missing.length === 0) return <>{text}</>;
  return (
    <>
      {segmentText(text, missing).map((segment, index) =>
        segment.missing ? (
          <span key={index} className="missing-glyph" data-missing={segment.text} title={`缺字：${segment.text}`}>
            <span className="missing-glyph__char" aria-hidden="true">
              {segment.text}
            </span>
            <span className="missing-glyph__label">缺字</span>
            <span className="visually-hidden">：{segment.text}</span>
          </span>
        ) : (
          <span key={index}>{segment.text}</span>
        ),
      )}
    </>
  );
}

/** How many distinct characters of the shown text the font lacks, e.g. 本字体缺少 2 个字. */
export function missingGlyphNote(missing: readonly string[], text: string): string | null {
  const shown = new Set(Array.from(text));
  const count = missing.filter((character) => shown.has(character)).length;
  return count > 0 ? `本字体缺少 ${count} 个字` : null;
}
