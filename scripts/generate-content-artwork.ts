/**
 * Draws the covers of albums, cases and news and the posters of videos under
 * public/images/content/, one SVG per item of backend/content/seed/:
 *
 *   npx tsx scripts/generate-content-artwork.ts
 *
 * The output is committed; the script exists so that the set can be redrawn consistently when
 * items are added. Every picture is abstract (brush strokes, practice grids, phone frames, text
 * bars), drawn from a random sequence seeded by the item's slug, so redrawing gives the same files.
 * No text, fonts, rasters or external references are emitted.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { ALBUM_SEEDS } from "../backend/content/seed/albums.js";
import { CASE_SEEDS } from "../backend/content/seed/cases.js";
import { NEWS_SEEDS } from "../backend/content/seed/news.js";
import { coverPath } from "../backend/content/seed/types.js";
import { VIDEO_SEEDS } from "../backend/content/seed/videos.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** [background from, background to, accent, ink] */
type Palette = readonly [string, string, string, string];

const PALETTES: readonly Palette[] = [
  ["#1E1B2E", "#2B2540", "#FF5C77", "#F4F3FA"],
  ["#FFF6EC", "#FFE4C7", "#EC6A12", "#2A1E14"],
  ["#F2F7F5", "#DDEFE8", "#0EA06A", "#14291F"],
  ["#EEF3FF", "#D9E4FF", "#2F62E8", "#141C33"],
  ["#F7F1E6", "#EADFC8", "#B8322A", "#1F1A14"],
  ["#16202A", "#1F3140", "#3DD6F5", "#EAF6FA"],
  ["#FFF0F6", "#FFD9EA", "#E0338C", "#2E1423"],
  ["#F5F2FF", "#E4DCFF", "#6F45E0", "#1D1433"],
];

/** A small deterministic random sequence (mulberry32) seeded by a text. */
function randomFor(text: string): () => number {
  let seed = 2166136261;
  for (const character of text) seed = Math.imul(seed ^ character.codePointAt(0)!, 16777619);
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const n = (value: number) => +value.toFixed(1);

function between(random: () => number, low: number, high: number): number {
  return low + random() * (high - low);
}

function frame(width: number, height: number, id: string, palette: Palette, body: string): string {
  const [from, to] = palette;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" width="${width}" height="${height}">` +
    `<defs><linearGradient id="${id}-bg" x1="0" y1="0" x2="1" y2="1">` +
    `<stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>` +
    `<rect width="${width}" height="${height}" fill="url(#${id}-bg)"/>${body}</svg>\n`
  );
}

/**
 * A brush stroke from (x1, y1) to (x2, y2): a filled band that swells in the middle and tapers at
 * the end, with a rounded head where the brush pressed down.
 */
function brushStroke(x1: number, y1: number, x2: number, y2: number, width: number, colour: string, bend: number) {
  const dx = x2 - x1;
  const dy = y2 - y1;
  const length = Math.hypot(dx, dy) || 1;
  const [nx, ny] = [-dy / length, dx / length];
  const [mx, my] = [(x1 + x2) / 2 + nx * bend, (y1 + y2) / 2 + ny * bend];
  const head = width / 2;
  const belly = width * 0.55;
  const tail = width * 0.08;
  const points = [
    [x1 + nx * head, y1 + ny * head],
    [mx + nx * belly, my + ny * belly],
    [x2 + nx * tail, y2 + ny * tail],
    [x2 - nx * tail, y2 - ny * tail],
    [mx - nx * belly, my - ny * belly],
    [x1 - nx * head, y1 - ny * head],
  ].map(([x, y]) => `${n(x!)} ${n(y!)}`);
  return (
    `<path d="M${points[0]} Q${points[1]} ${points[2]} L${points[3]} Q${points[4]} ${points[5]} ` +
    `A${n(head)} ${n(head)} 0 0 1 ${points[0]}Z" fill="${colour}"/>`
  );
}

/** A calligraphy practice grid (米字格) with a few brush strokes inside. */
function practiceGrid(random: () => number, x: number, y: number, size: number, palette: Palette): string {
  const [, , accent, ink] = palette;
  const half = size / 2;
  const guides =
    `<g fill="none" stroke="${accent}" stroke-opacity=".55" stroke-width="${n(size / 120)}">` +
    `<rect x="${x}" y="${y}" width="${size}" height="${size}" stroke-width="${n(size / 60)}"/>` +
    `<path d="M${x} ${y + half}H${x + size}M${x + half} ${y}V${y + size}" stroke-dasharray="${n(size / 30)} ${n(size / 40)}"/>` +
    `<path d="M${x} ${y}L${x + size} ${y + size}M${x + size} ${y}L${x} ${y + size}" stroke-opacity=".35" stroke-dasharray="${n(size / 30)} ${n(size / 40)}"/>` +
    `</g>`;
  const strokes: string[] = [];
  const count = 3 + Math.floor(random() * 3);
  for (let i = 0; i < count; i++) {
    const horizontal = random() < 0.5;
    const along = between(random, 0.18, 0.82) * size;
    const from = between(random, 0.12, 0.3) * size;
    const to = between(random, 0.7, 0.9) * size;
    const [x1, y1, x2, y2] = horizontal
      ? [x + from, y + along, x + to, y + along + between(random, -0.08, 0.08) * size]
      : [x + along, y + from, x + along + between(random, -0.12, 0.12) * size, y + to];
    strokes.push(
      brushStroke(x1, y1, x2, y2, size * between(random, 0.07, 0.12), ink, size * between(random, -0.05, 0.05)),
    );
  }
  return guides + strokes.join("");
}

/** Horizontal bars standing for lines of text, of the given heights. */
function textBars(x: number, y: number, widths: number[], height: number, gap: number, colour: string, opacity = 1) {
  return widths
    .map(
      (width, index) =>
        `<rect x="${n(x)}" y="${n(y + index * (height + gap))}" width="${n(width)}" height="${n(height)}" rx="${n(height / 2)}" fill="${colour}" fill-opacity="${opacity}"/>`,
    )
    .join("");
}

/** 4:3: a practice grid with strokes and a column of bars of increasing weight (the album's fonts). */
function albumCover(slug: string, index: number): string {
  const random = randomFor(slug);
  const palette = PALETTES[index % PALETTES.length]!;
  const [, , accent, ink] = palette;
  const weights = [6, 10, 16, 24, 34];
  const bars = weights
    .map((weight, row) => {
      const width = between(random, 150, 250);
      return `<rect x="500" y="${150 + row * 64 - weight / 2}" width="${n(width)}" height="${weight}" rx="${weight / 2}" fill="${row === weights.length - 1 ? accent : ink}" fill-opacity="${row === weights.length - 1 ? 1 : 0.8}"/>`;
    })
    .join("");
  const dots = Array.from(
    { length: 6 },
    () =>
      `<circle cx="${n(between(random, 40, 760))}" cy="${n(between(random, 30, 570))}" r="${n(between(random, 3, 9))}" fill="${accent}" fill-opacity=".35"/>`,
  ).join("");
  return frame(800, 600, `album-${index}`, palette, dots + practiceGrid(random, 90, 150, 320, palette) + bars);
}

/** 3:4: a phone frame with the four roles in place: cover title, subject, subtitles and a flower-text sticker. */
function caseCover(slug: string, index: number): string {
  const random = randomFor(slug);
  const palette = PALETTES[(index + 3) % PALETTES.length]!;
  const [, , accent, ink] = palette;
  const phone = `<rect x="225" y="80" width="330" height="600" rx="36" fill="${ink}" fill-opacity=".08" stroke="${ink}" stroke-width="6"/>`;
  const title = textBars(265, 140, [between(random, 180, 250), between(random, 110, 170)], 26, 14, accent);
  const subjectX = between(random, 330, 450);
  const subject =
    `<circle cx="${n(subjectX)}" cy="380" r="${n(between(random, 60, 90))}" fill="${accent}" fill-opacity=".28"/>` +
    `<circle cx="${n(subjectX + between(random, -30, 30))}" cy="${n(between(random, 360, 400))}" r="${n(between(random, 25, 40))}" fill="${ink}" fill-opacity=".5"/>`;
  const subtitles = textBars(275, 560, [between(random, 200, 230), between(random, 140, 190)], 12, 12, ink, 0.75);
  const rays = 10;
  const [cx, cy, outer, inner] = [between(random, 470, 520), between(random, 250, 300), 58, 40];
  const star = Array.from({ length: rays * 2 }, (_, k) => {
    const radius = k % 2 === 0 ? outer : inner;
    const angle = (Math.PI * k) / rays - Math.PI / 2;
    return `${n(cx + radius * Math.cos(angle))} ${n(cy + radius * Math.sin(angle))}`;
  }).join(" L");
  const sticker =
    `<path d="M${star}Z" fill="${accent}" stroke="${ink}" stroke-width="4" stroke-linejoin="round"/>` +
    textBars(cx - 26, cy - 12, [52, 36], 9, 6, ink);
  const stroke = brushStroke(60, between(random, 600, 660), 190, between(random, 560, 620), 22, accent, -12);
  return frame(780, 760, `case-${index}`, palette, phone + title + subject + subtitles + sticker + stroke);
}

/** 16:9: a large shape, a brush stroke and the lines of an article. */
function newsCover(slug: string, index: number): string {
  const random = randomFor(slug);
  const palette = PALETTES[(index + 5) % PALETTES.length]!;
  const [, , accent, ink] = palette;
  const circle = `<circle cx="${n(between(random, 820, 980))}" cy="${n(between(random, 260, 420))}" r="${n(between(random, 170, 230))}" fill="${accent}" fill-opacity=".22"/>`;
  const grid = practiceGrid(random, n(between(random, 760, 820)), 190, 280, palette);
  const lines =
    textBars(110, 210, [between(random, 420, 520), between(random, 300, 420)], 34, 22, ink) +
    textBars(110, 350, [460, 440, between(random, 250, 400)], 12, 16, ink, 0.45);
  const stroke = brushStroke(
    110,
    540,
    between(random, 420, 560),
    between(random, 520, 560),
    26,
    accent,
    between(random, -20, 20),
  );
  return frame(1200, 675, `news-${index}`, palette, circle + grid + lines + stroke);
}

/** 16:9: a player: the picture, a play button, a progress bar and a subtitle line. */
function videoPoster(slug: string, index: number): string {
  const random = randomFor(slug);
  const palette = PALETTES[(index + 1) % PALETTES.length]!;
  const [, , accent, ink] = palette;
  const strokes = Array.from({ length: 4 }, () =>
    brushStroke(
      between(random, 80, 500),
      between(random, 120, 560),
      between(random, 700, 1180),
      between(random, 120, 560),
      between(random, 30, 60),
      accent,
      between(random, -60, 60),
    ).replace("/>", ' fill-opacity=".25"/>'),
  ).join("");
  const play =
    `<circle cx="640" cy="330" r="92" fill="${ink}" fill-opacity=".85"/>` +
    `<path d="M615 280L700 330L615 380Z" fill="${accent}"/>`;
  const progress = between(random, 0.2, 0.7);
  const bar =
    `<rect x="80" y="640" width="1120" height="8" rx="4" fill="${ink}" fill-opacity=".25"/>` +
    `<rect x="80" y="640" width="${n(1120 * progress)}" height="8" rx="4" fill="${accent}"/>` +
    `<circle cx="${n(80 + 1120 * progress)}" cy="644" r="12" fill="${accent}"/>`;
  const subtitle = textBars(440, 560, [400], 20, 0, ink, 0.8);
  return frame(1280, 720, `video-${index}`, palette, strokes + play + subtitle + bar);
}

/** Every picture the content needs, by its public path. */
export function contentArtwork(): Map<string, string> {
  const pictures = new Map<string, string>();
  ALBUM_SEEDS.forEach((album, index) => pictures.set(coverPath("albums", album.slug), albumCover(album.slug, index)));
  CASE_SEEDS.forEach((item, index) => pictures.set(coverPath("cases", item.slug), caseCover(item.slug, index)));
  NEWS_SEEDS.forEach((article, index) => pictures.set(coverPath("news", article.slug), newsCover(article.slug, index)));
  VIDEO_SEEDS.forEach((video, index) => pictures.set(coverPath("videos", video.slug), videoPoster(video.slug, index)));
  return pictures;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  for (const [path, svg] of contentArtwork()) {
    const file = join(ROOT, "public", path);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, svg);
  }
  console.log(`已生成 ${contentArtwork().size} 张内容配图`);
}
