/** What the subtitle check takes: shared by its page (the form's hints) and its server code. */

/** A subtitle file's bytes: a two-hour film's .ass is under 1 MB. */
export const SUBTITLE_MAX_BYTES = 2 * 1024 * 1024;
export const SUBTITLE_MAX_CUES = 20_000;
/** Distinct characters looked up per file: far more than any subtitle in Chinese holds. */
export const SUBTITLE_MAX_CHARACTERS = 10_000;
export const SUBTITLE_EXTENSIONS = [".srt", ".vtt", ".ass", ".ssa"] as const;
