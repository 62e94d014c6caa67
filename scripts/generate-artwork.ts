/**
 * Generates the static SVG artwork under public/images/, the WebP drawing of each category card, and
 * that of each banner (whose SVGs under public/images/banner/ are drawn by hand).
 *
 *   npx tsx scripts/generate-artwork.ts
 *
 * The output is committed; this script only exists so the set can be
 * regenerated consistently (same grid, stroke widths, radius, backgrounds).
 * No text, fonts, rasters or external references are emitted in the
 * category artwork's SVG.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import QRCode from "qrcode";
import sharp from "sharp";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "public");

/** Brand accent. */
const ACCENT = "#FF3B5C";

type Hue = "red" | "orange" | "amber" | "green" | "teal" | "blue" | "violet" | "pink";
type Mode = "dark" | "light";

/** [luminous colour for dark backgrounds, saturated colour for light backgrounds] */
const HUES: Record<Hue, [string, string]> = {
  red: ["#FF5C77", "#E8284A"],
  orange: ["#FF9A4D", "#EC6A12"],
  amber: ["#FFC940", "#D99200"],
  green: ["#3BE0A0", "#0EA06A"],
  teal: ["#3DD6F5", "#0897BA"],
  blue: ["#6E9CFF", "#2F62E8"],
  violet: ["#A98BFF", "#6F45E0"],
  pink: ["#FF7AC2", "#E0338C"],
};

interface Theme {
  mode: Mode;
  /** accent */
  c: string;
  /** neutral ink that contrasts with the background */
  ink: string;
  /** background base colour (for knock-outs) */
  bg: string;
  /** soft fill opacity */
  soft: string;
  id: string;
  hue: (h: Hue) => string;
}

function theme(mode: Mode, hue: Hue, id: string): Theme {
  const i = mode === "dark" ? 0 : 1;
  return {
    mode,
    c: HUES[hue][i],
    ink: mode === "dark" ? "#F4F3FA" : "#1E1D2B",
    bg: mode === "dark" ? "#161522" : "#F7F7FB",
    soft: mode === "dark" ? ".22" : ".16",
    id,
    hue: (h) => HUES[h][i],
  };
}

// ---------------------------------------------------------------- helpers
const p = (d: string, a = "") => `<path d="${d}"${a}/>`;
const circ = (cx: number, cy: number, r: number, a = "") => `<circle cx="${cx}" cy="${cy}" r="${r}"${a}/>`;
const rect = (x: number, y: number, w: number, h: number, rx: number, a = "") =>
  `<rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}"${a}/>`;
const ink = (t: Theme, w?: number) => ` stroke="${t.ink}"${w ? ` stroke-width="${w}"` : ""}`;
const soft = (t: Theme) => ` fill="${t.c}" fill-opacity="${t.soft}"`;
const solid = (col: string) => ` fill="${col}"`;
const ns = ' stroke="none"';
const sw = (w: number) => ` stroke-width="${w}"`;

function star(n: number, ro: number, ri: number, cx = 0, cy = 0, rot = -90): string {
  const pts: string[] = [];
  for (let k = 0; k < n * 2; k++) {
    const r = k % 2 ? ri : ro;
    const a = ((rot + (k * 180) / n) * Math.PI) / 180;
    pts.push(`${+(cx + r * Math.cos(a)).toFixed(1)} ${+(cy + r * Math.sin(a)).toFixed(1)}`);
  }
  return `M${pts.join("L")}Z`;
}
const sparkle = (cx: number, cy: number, r: number) => {
  const q = r * 0.16;
  return `M${cx} ${cy - r}Q${cx + q} ${cy - q} ${cx + r} ${cy}Q${cx + q} ${cy + q} ${cx} ${cy + r}Q${cx - q} ${cy + q} ${cx - r} ${cy}Q${cx - q} ${cy - q} ${cx} ${cy - r}Z`;
};

/** Ensō-like brush ring: heavy start, tapering dry tail. */
function enso(cx: number, cy: number, r: number): string {
  const out: string[] = [],
    inn: string[] = [];
  const a0 = 115,
    sweep = 320,
    n = 28;
  for (let k = 0; k <= n; k++) {
    const u = k / n,
      a = ((a0 + sweep * u) * Math.PI) / 180;
    const w = 1.5 + 19 * Math.pow(1 - u, 0.7) * (0.75 + 0.25 * Math.sin(u * 9));
    const f = (rr: number) => `${+(cx + rr * Math.cos(a)).toFixed(1)} ${+(cy + rr * Math.sin(a)).toFixed(1)}`;
    out.push(f(r + w / 2));
    inn.unshift(f(r - w / 2));
  }
  return `M${out.join("L")}L${inn.join("L")}Z`;
}

// ---------------------------------------------------------------- motifs
// Every motif is drawn in a 100×100 box centred on (0,0); the frame places it.
// Default stroke: accent, 6 px, round caps/joins, no fill. Details: ink, 4 px.
type Motif = (t: Theme) => string;

const MOTIFS: Record<string, [Hue, Motif]> = {
  all: [
    "red",
    (t) => {
      const g: string[] = [];
      const marks = [
        "M-6 0H6",
        "M0 -7V7",
        "M5 -7Q2 3 -6 7",
        "M-2 -5L3 5",
        "M-6 0H6M0 -7V7",
        "M-5 -5H5V5H-5Z",
        "M-6 -5H5L-5 6H6",
        "M0 -7L-6 7M0 -7L6 7",
        "M-3 -6L-6 6M3 -6L6 6",
      ];
      for (let k = 0; k < 9; k++) {
        const x = (k % 3) * 34 - 34,
          y = Math.floor(k / 3) * 34 - 34;
        const mid = k === 4;
        g.push(
          rect(x - 13, y - 13, 26, 26, 7, mid ? solid(t.c) : soft(t)) +
            `<path transform="translate(${x} ${y})" d="${marks[k]}"${mid ? ` stroke="${t.bg}" stroke-width="3.5"` : ink(t, 3.5)}/>`,
        );
      }
      return `<g${sw(4)}>${g.join("")}</g>`;
    },
  ],
  daily: [
    "amber",
    (t) =>
      p("M-34 -8H22V14A18 18 0 0 1 4 32H-16A18 18 0 0 1 -34 14Z", soft(t)) +
      p("M22 -2H28A10 10 0 0 1 28 18H22") +
      p("M-46 42H34", ink(t)) +
      p("M-20 -20C-26 -28 -14 -32 -20 -42M-6 -20C-12 -28 0 -32 -6 -42M8 -20C2 -28 14 -32 8 -42", ink(t, 4)) +
      rect(28, -46, 24, 24, 5, ink(t, 3)) +
      p("M28 -38H52M34 -50V-44M46 -50V-44", ink(t, 3)) +
      circ(40, -30, 3, solid(t.c) + ns),
  ],
  food: [
    "orange",
    (t) =>
      p("M-46 -4H46A46 40 0 0 1 0 36A46 40 0 0 1 -46 -4Z", soft(t)) +
      p("M-14 44H14") +
      p("M-30 8Q-16 16 0 8T30 8", ink(t, 4)) +
      p("M6 -14L42 -48M18 -12L50 -38", ink(t)) +
      p("M-30 -16C-36 -24 -24 -28 -30 -38M-14 -16C-20 -24 -8 -28 -14 -38", ink(t, 4)),
  ],
  brand: [
    "red",
    (t) =>
      p("M-34 -12L12 -34V34L-34 12Z", soft(t)) +
      rect(-46, -12, 12, 24, 4, solid(t.c)) +
      p("M-28 12L-22 38H-12L-16 14", ink(t, 5)) +
      p("M24 -14A20 20 0 0 1 24 14M32 -28A36 36 0 0 1 32 28", ink(t)) +
      rect(-10, -46, 26, 14, 4, solid(t.c) + ` transform="rotate(-18 3 -39)"`) +
      circ(-4, -43, 2.5, solid(t.bg) + ns),
  ],
  vlog: [
    "blue",
    (t) =>
      rect(-48, -28, 66, 56, 12, soft(t)) +
      p("M18 -10L46 -26V26L18 10Z", solid(t.c)) +
      circ(-15, 0, 13, ink(t, 5)) +
      circ(-15, 0, 4, solid(t.ink) + ns) +
      circ(-36, -16, 4, solid(t.hue("red")) + ns),
  ],
  travel: [
    "teal",
    (t) =>
      p("M-18 40C-38 14 -46 0 -46 -14A28 28 0 0 1 10 -14C10 0 2 14 -18 40Z", soft(t)) +
      circ(-18, -14, 10, ink(t, 5)) +
      p("M-2 44Q40 44 40 -6", ink(t, 3) + ' stroke-dasharray="2 8"') +
      p("M24 -30L52 -48L44 -14L37 -24Z", solid(t.c)) +
      p("M37 -24L52 -48", ink(t, 3)),
  ],
  plot: [
    "violet",
    (t) =>
      `<g transform="rotate(-8)">${rect(-50, -16, 70, 48, 5, soft(t))}${p("M-44 -8h6M-30 -8h6M-16 -8h6M-2 -8h6M-44 24h6M-30 24h6M-16 24h6M-2 24h6", ink(t, 4))}${p("M-38 8H4", ink(t, 4))}</g>` +
      p(
        "M6 -48H44A8 8 0 0 1 52 -40V-18A8 8 0 0 1 44 -10H26L14 0V-10H6A8 8 0 0 1 -2 -18V-40A8 8 0 0 1 6 -48Z",
        solid(t.c),
      ) +
      p("M12 -29h0M25 -29h0M38 -29h0", ` stroke="${t.bg}"` + sw(7)),
  ],
  beat: [
    "pink",
    (t) => {
      const hs = [14, 30, 52, 26, 84, 46, 66, 24, 12];
      return hs
        .map((h, k) => p(`M${k * 12 - 48} ${-h / 2}V${h / 2}`, (k === 4 ? "" : k % 2 ? ink(t) : "") + sw(7)))
        .join("");
    },
  ],
  anime: [
    "pink",
    (t) =>
      [-24, 24]
        .map(
          (x) =>
            `<ellipse cx="${x}" cy="4" rx="19" ry="26"${soft(t)}/>` +
            p(star(5, 14, 6, x, 6), solid(t.c) + ns) +
            circ(x - 8, -8, 4, solid("#fff") + ns),
        )
        .join("") + p("M-40 -34Q-26 -44 -12 -36M12 -36Q26 -44 40 -34", ink(t, 5)),
  ],
  pets: [
    "orange",
    (t) =>
      p("M0 2C16 2 30 22 28 36C26 46 12 42 0 42C-12 42 -26 46 -28 36C-30 22 -16 2 0 2Z", solid(t.c) + ns) +
      [
        [-36, -8, -20],
        [-14, -32, -8],
        [14, -32, 8],
        [36, -8, 20],
      ]
        .map(
          ([x, y, r]) =>
            `<ellipse cx="${x}" cy="${y}" rx="10" ry="13" transform="rotate(${r} ${x} ${y})"${solid(t.c)}${ns}/>`,
        )
        .join("") +
      p(sparkle(44, -40, 8), solid(t.ink) + ns),
  ],
  news: [
    "blue",
    (t) =>
      circ(0, -16, 8, solid(t.c) + ns) +
      p("M0 -8L-18 44M0 -8L18 44M-12 24H12", ink(t, 5)) +
      p("M-18 -34A24 24 0 0 0 -18 2M18 -34A24 24 0 0 1 18 2", "") +
      p("M-32 -46A42 42 0 0 0 -32 14M32 -46A42 42 0 0 1 32 14", ink(t, 4) + ' stroke-opacity=".6"'),
  ],
  humour: [
    "amber",
    (t) =>
      circ(0, 0, 44, soft(t)) +
      p("M-26 -10L-18 -20L-10 -10M10 -10L18 -20L26 -10", ink(t, 5)) +
      p("M-24 6H24A24 24 0 0 1 -24 6Z", solid(t.c)) +
      p("M-44 -4Q-52 6 -46 12Q-40 8 -44 -4ZM44 -4Q52 6 46 12Q40 8 44 -4Z", solid(t.hue("teal")) + ns),
  ],
  cover: [
    "violet",
    (t) =>
      rect(-8, -44, 54, 88, 10, ink(t, 3) + ' stroke-opacity=".4" transform="rotate(12 19 0)"') +
      rect(-32, -46, 60, 92, 10, soft(t)) +
      p("M-20 -6H16", ink(t, 9)) +
      p("M-14 10H10", sw(6)) +
      p(sparkle(-14, -28, 7), solid(t.ink) + ns),
  ],
  opening: [
    "red",
    (t) =>
      rect(-44, -14, 88, 56, 6, soft(t)) +
      `<g transform="rotate(-14 -44 -14)">${rect(-44, -32, 88, 18, 4, solid(t.c))}${p("M-30 -32L-38 -14M-10 -32L-18 -14M10 -32L2 -14M30 -32L22 -14", ` stroke="${t.bg}"` + sw(5))}</g>` +
      p("M-30 6H30M-30 24H8", ink(t, 4)),
  ],
  subtitle: [
    "teal",
    (t) =>
      rect(-48, -38, 96, 66, 10, soft(t)) +
      p("M-16 42H16") +
      rect(-36, 2, 72, 12, 6, solid(t.c) + ns) +
      p("M-22 -8H22", ink(t, 4) + ' stroke-opacity=".7"') +
      p("M-6 -26L6 -18L-6 -10Z", solid(t.ink) + ink(t, 2)),
  ],
  flower: [
    "pink",
    (t) =>
      p(star(12, 48, 36, 5, 5, -75), solid(t.ink) + ns + ' fill-opacity=".3"') +
      p(star(12, 48, 36, 0, 0, -75), solid(t.c) + ink(t, 4)) +
      p(
        "M-20 -6H20M0 -24V22M-16 18L-8 8M16 18L8 8",
        ` stroke="${t.mode === "dark" ? "#161522" : "#1E1D2B"}"` + sw(13),
      ) +
      p("M-20 -6H20M0 -24V22M-16 18L-8 8M16 18L8 8", ` stroke="#fff"` + sw(6)) +
      p(sparkle(-46, -40, 8) + sparkle(48, 40, 6), solid(t.ink) + ns),
  ],
  handwriting: [
    "blue",
    (t) =>
      p("M-52 26C-42 6 -30 -6 -24 6S-34 34 -22 28S-8 0 0 8S-6 28 6 24S18 2 30 0", sw(5)) +
      p("M-52 40H30", ink(t, 3) + ' stroke-opacity=".4"') +
      `<g transform="translate(30 0) rotate(40)">${rect(-7, -58, 14, 36, 4, solid(t.ink) + ns)}${p("M-7 -22L0 0L7 -22Z", solid(t.c) + ns)}${p("M0 -16V-6", ` stroke="${t.bg}"` + sw(2))}</g>`,
  ],
  art: [
    "violet",
    (t) =>
      p(
        "M0 -42C28 -42 48 -24 48 -2C48 16 36 20 26 16C16 12 8 20 12 30C16 40 8 44 0 44C-26 44 -48 24 -48 0C-48 -24 -26 -42 0 -42Z",
        soft(t),
      ) +
      circ(-28, -4, 7, solid(t.hue("red")) + ns) +
      circ(-16, -24, 7, solid(t.hue("amber")) + ns) +
      circ(8, -28, 7, solid(t.hue("teal")) + ns) +
      circ(28, -16, 7, solid(t.hue("green")) + ns) +
      circ(-20, 20, 8, ink(t, 4)),
  ],
  brush: [
    "red",
    (t) =>
      p(enso(-6, -2, 38), solid(t.ink) + ns) +
      p("M-30 -30A36 36 0 0 1 -6 -38M12 -35A36 36 0 0 1 26 -22", ` stroke="${t.bg}"` + sw(1.5)) +
      circ(-44, 34, 2.5, solid(t.ink) + ns) +
      circ(44, -40, 2, solid(t.ink) + ns) +
      rect(28, 18, 24, 24, 3, solid(t.c) + ns) +
      p(
        "M34 24H46M34 30H46M34 36H46M40 24V36",
        ` stroke="${t.mode === "dark" ? t.bg : "#fff"}"` + sw(2.5) + ' stroke-linecap="square" stroke-linejoin="miter"',
      ),
  ],
  creative: [
    "amber",
    (t) =>
      p("M-16 18C-28 8 -32 -4 -30 -14A30 30 0 0 1 30 -14C32 -4 28 8 16 18Z", soft(t)) +
      p("M-12 28H12M-8 38H8", ink(t)) +
      p("M-7 18V6Q-7 -4 0 -4Q7 -4 7 6V18", ink(t, 4)) +
      p("M-46 -14h-6M46 -14h6M-33 -47l-4 -4M33 -47l4 -4M0 -54v-6", ink(t, 4)),
  ],
  acid: [
    "green",
    (t) =>
      `<defs><linearGradient id="ch-${t.id}" x1="0" y1="0" x2=".6" y2="1"><stop offset="0" stop-color="#fff"/><stop offset=".3" stop-color="${t.c}"/><stop offset=".5" stop-color="${t.mode === "dark" ? "#0d0d14" : "#2a2740"}"/><stop offset=".62" stop-color="${t.hue("violet")}"/><stop offset=".85" stop-color="#fff"/><stop offset="1" stop-color="${t.c}"/></linearGradient></defs>` +
      p(
        "M-48 20Q-40 30 -24 28T0 28T24 28T48 20M-48 34Q-40 44 -24 42T0 42T24 42T48 34",
        ink(t, 1.5) + ' stroke-opacity=".5"',
      ) +
      p(
        "M-40 -20C-30 -48 0 -30 14 -40C34 -54 54 -30 40 -8C30 8 52 24 30 38C10 50 -4 30 -24 40C-48 50 -56 20 -42 6C-32 -4 -48 -8 -40 -20Z",
        ` fill="url(#ch-${t.id})"` + ink(t, 2),
      ) +
      p("M-28 -22Q-20 -34 -6 -28", ` stroke="#fff"` + sw(5)) +
      p(sparkle(34, -38, 9), solid("#fff") + ns),
  ],
  personality: [
    "violet",
    (t) =>
      p("M-46 30L-20 -30L4 34Z", solid(t.c) + ns + ' transform="rotate(-10 -20 10)"') +
      circ(24, -22, 18, ink(t, 5)) +
      rect(20, 14, 24, 24, 4, soft(t) + ' transform="rotate(24 32 26)"') +
      p("M-42 -42Q-34 -52 -26 -42T-10 -42T6 -42", "") +
      circ(48, -48, 4, solid(t.ink) + ns),
  ],
  cute: [
    "pink",
    (t) =>
      p(
        "M-8 42C-34 22 -46 8 -46 -8C-46 -22 -36 -30 -26 -30C-18 -30 -12 -26 -8 -20C-4 -26 2 -30 10 -30C20 -30 30 -22 30 -8C30 8 18 22 -8 42Z",
        solid(t.c) + ns,
      ) +
      p("M-34 -10Q-34 -20 -26 -22", ` stroke="#fff"` + sw(4)) +
      p(star(5, 11, 5, 38, -34), solid(t.hue("amber")) + ns) +
      circ(44, 6, 6, ink(t, 3)) +
      circ(32, 30, 4, ink(t, 3)) +
      circ(-44, -40, 4, ink(t, 3)),
  ],
  cool: [
    "teal",
    (t) =>
      p("M10 -50L-26 6H-2L-12 50L30 -10H4L18 -50Z", solid(t.c) + ink(t, 3)) +
      p("M-50 -24H-30M-54 -8H-38M-46 24H-28", ink(t, 4)) +
      p(sparkle(40, 34, 7), solid(t.ink) + ns),
  ],
  japanese: [
    "red",
    (t) =>
      circ(-8, -10, 30, solid(t.c) + ns) +
      p("M-50 30Q-38 20 -26 30T-2 30T22 30M-40 44Q-28 34 -16 44T8 44", ink(t, 4)) +
      `<g transform="translate(34 20)">${[0, 72, 144, 216, 288].map((r) => `<path transform="rotate(${r})" d="M0 0C-8 -5 -10 -14 -5 -20L0 -16L5 -20C10 -14 8 -5 0 0Z"${solid(t.hue("pink"))}${ink(t, 1.5)}/>`).join("")}${circ(0, 0, 3, solid(t.ink) + ns)}</g>`,
  ],
  chinese: [
    "red",
    (t) =>
      p(
        "M-48 18H20A14 14 0 0 0 20 -10A10 10 0 0 0 10 0M20 -10C14 -30 -10 -32 -18 -14A14 14 0 0 0 -44 -6A8 8 0 0 0 -36 4A6 6 0 0 0 -30 -2",
        "",
      ) +
      p("M-48 34H32M-40 42H20", ink(t, 3)) +
      rect(26, -48, 26, 26, 4, solid(t.c) + ns) +
      p("M31 -42H47V-28H31ZM39 -42V-28", ` stroke="${t.bg}"` + sw(2.5)),
  ],
  "hand-drawn": [
    "orange",
    (t) =>
      `<g transform="translate(22 -8) rotate(40)">${rect(-8, -44, 16, 56, 3, solid(t.c) + ns)}${p("M-8 12L0 30L8 12Z", solid(t.mode === "dark" ? "#F6D7AE" : "#E9C08B") + ns)}${p("M-3 23L0 30L3 23Z", solid(t.ink) + ns)}${rect(-8, -52, 16, 8, 2, solid(t.hue("pink")) + ns)}</g>` +
      p("M-46 40C-40 10 -20 44 -30 20C-36 4 -12 0 -14 16C-16 30 10 36 8 42", ink(t, 3.5)) +
      p("M-40 -42L-34 -30L-22 -30L-32 -22L-28 -10L-40 -18L-50 -10L-46 -22L-56 -30L-44 -30Z", ink(t, 3)),
  ],
  "2d": [
    "violet",
    (t) =>
      p(sparkle(-6, 0, 44), solid(t.c) + ns) +
      p(sparkle(-6, 0, 16), solid(t.ink) + ns + ' fill-opacity=".9"') +
      p(sparkle(36, -34, 14), solid(t.ink) + ns) +
      p(sparkle(40, 30, 9), solid(t.hue("pink")) + ns) +
      circ(-44, -36, 5, ink(t, 3)),
  ],
  fresh: [
    "green",
    (t) =>
      p("M-36 40C-44 -4 -10 -42 42 -46C46 4 10 40 -36 40Z", soft(t)) +
      p("M-36 40L22 -20M-10 14L-8 -10M4 0L20 0M-22 27L-26 8", ink(t, 4)) +
      p("M36 20C36 28 30 34 24 34C18 34 14 28 16 22L26 8Z", solid(t.hue("teal")) + ns),
  ],
  power: [
    "orange",
    (t) =>
      [30, 52, 74, 96]
        .map((h, k) => {
          const x = k * 26 - 50;
          return p(
            `M${x} 44L${x + 8 + h * 0.2} ${44 - h}H${x + 24 + h * 0.2}L${x + 16} 44Z`,
            solid(t.c) + ns + ` fill-opacity="${[0.35, 0.55, 0.8, 1][k]}"`,
          );
        })
        .join("") + p("M-50 -24L-20 -44M-50 -10L-34 -20", ink(t, 4)),
  ],
  classic: [
    "amber",
    (t) =>
      p("M-36 -40H36A10 10 0 0 0 48 -28V28A10 10 0 0 0 36 40H-36A10 10 0 0 0 -48 28V-28A10 10 0 0 0 -36 -40Z", sw(4)) +
      rect(-38, -30, 76, 60, 2, ink(t, 2) + ' stroke-opacity=".6"') +
      p("M0 -14L12 0L0 14L-12 0Z", solid(t.c) + ns) +
      p("M-28 0H-18M18 0H28", ink(t, 3)) +
      circ(-30, -22, 2.5, solid(t.c) + ns) +
      circ(30, -22, 2.5, solid(t.c) + ns) +
      circ(-30, 22, 2.5, solid(t.c) + ns) +
      circ(30, 22, 2.5, solid(t.c) + ns),
  ],
  live: [
    "red",
    (t) =>
      rect(-44, -18, 88, 36, 18, solid(t.c) + ns) +
      circ(-26, 0, 6, solid("#fff") + ns) +
      p("M-12 -8V8H-5M2 -8V8M9 -8L14 8L19 -8M26 -8H33M26 -8V8H33M26 0H31", ` stroke="#fff"` + sw(3)) +
      p("M-50 -32A40 40 0 0 0 -50 32M50 -32A40 40 0 0 1 50 32", ink(t, 4) + ' stroke-opacity=".6"'),
  ],
  free: [
    "green",
    (t) =>
      rect(-34, -6, 68, 46, 5, soft(t)) +
      rect(-40, -22, 80, 16, 5, solid(t.c) + ns) +
      p("M0 -22V40", ink(t, 6)) +
      p("M0 -22C-10 -44 -30 -38 -20 -26Q-12 -22 0 -22ZM0 -22C10 -44 30 -38 20 -26Q12 -22 0 -22Z", ink(t, 4)) +
      p(sparkle(44, -40, 7) + sparkle(-46, 30, 5), solid(t.ink) + ns),
  ],
  music: [
    "violet",
    (t) =>
      p("M-52 -20H52M-52 0H52M-52 20H52", ink(t, 1.5) + ' stroke-opacity=".35"') +
      `<ellipse cx="-22" cy="30" rx="12" ry="9" transform="rotate(-20 -22 30)"${solid(t.c)}${ns}/><ellipse cx="28" cy="20" rx="12" ry="9" transform="rotate(-20 28 20)"${solid(t.c)}${ns}/>` +
      p("M-11 27V-28M39 17V-40") +
      p("M-14 -28L42 -42V-30L-14 -16Z", solid(t.c) + ns) +
      p("M-44 -10V-42Q-38 -36 -32 -38", ink(t, 3)) +
      circ(-48, -10, 5, solid(t.ink) + ns),
  ],
  hei: [
    "blue",
    (t) =>
      p("M-34 -34H34M0 -34V38M-48 38H48", ink(t, 13) + ' stroke-linecap="butt" stroke-linejoin="miter"') +
      rect(20, -52, 36, 36, 4, ` stroke-width="3" stroke-dasharray="5 4"`) +
      rect(31, -41, 6, 6, 0, solid(t.c) + ns) +
      rect(31, -27, 6, 6, 0, solid(t.c) + ns),
  ],
  song: [
    "red",
    (t) =>
      p("M-36 -36H22L30 -46L42 -32H-36ZM-50 36H34L42 26L54 40H-50Z", solid(t.ink) + ns) +
      p("M-6 -34L8 -40V38H-6Z", solid(t.ink) + ns) +
      circ(34, -38, 18, ` stroke-width="3" stroke-dasharray="5 4"`) +
      circ(30, -46, 3.5, solid(t.c) + ns),
  ],
  round: [
    "green",
    (t) =>
      p("M-32 -34H32M0 -34V38M-44 38H44", ink(t, 13)) +
      circ(32, -34, 17, ` stroke-width="3" stroke-dasharray="5 4"`) +
      p("M32 -40.5A6.5 6.5 0 0 1 32 -27.5", sw(3)),
  ],
  game: [
    "blue",
    (t) =>
      p(
        "M-30 -24H30C44 -24 52 -10 52 8C52 26 40 34 30 26L20 16H-20L-30 26C-40 34 -52 26 -52 8C-52 -10 -44 -24 -30 -24Z",
        soft(t),
      ) +
      p("M-28 -10V12M-39 1H-17", ink(t, 6)) +
      circ(24, -6, 5, solid(t.c) + ns) +
      circ(36, 6, 5, solid(t.ink) + ns) +
      circ(12, 6, 5, solid(t.ink) + ns + ' fill-opacity=".5"'),
  ],
};

const DEFAULTS: [Hue, Motif][] = [
  [
    "red",
    (t) =>
      circ(0, 0, 44, ink(t, 3) + ' stroke-opacity=".35"') +
      circ(0, 0, 30, soft(t)) +
      circ(0, 0, 12, solid(t.c) + ns) +
      circ(34, -28, 5, solid(t.ink) + ns) +
      circ(-36, 30, 3, solid(t.c) + ns),
  ],
  [
    "blue",
    (t) =>
      p("M-44 40L0 -40L44 40Z", soft(t)) +
      p("M-20 40L20 -32M4 40L32 -10M-44 40L-20 -4", ink(t, 3) + ' stroke-opacity=".5"') +
      circ(24, -30, 8, solid(t.c) + ns),
  ],
  [
    "violet",
    (t) =>
      rect(-44, -34, 52, 52, 12, soft(t)) +
      rect(-8, -8, 52, 52, 12, solid(t.c) + ns + ' fill-opacity=".85"') +
      p("M4 18H32M18 4V32", ` stroke="${t.bg}"` + sw(5)),
  ],
  [
    "green",
    (t) =>
      p("M-50 -18Q-38 -32 -25 -18T0 -18T25 -18T50 -18", "") +
      p("M-50 2Q-38 -12 -25 2T0 2T25 2T50 2", ink(t, 5) + ' stroke-opacity=".6"') +
      p("M-50 22Q-38 8 -25 22T0 22T25 22T50 22", "") +
      circ(36, -42, 5, solid(t.ink) + ns),
  ],
];

// ---------------------------------------------------------------- frame
function card(t: Theme, motif: string): string {
  const dark = t.mode === "dark";
  const [g0, g1] = dark ? ["#1E1C2E", "#0F0E17"] : ["#FFFFFF", "#F1F0F6"];
  const glow = dark ? ".38" : ".2";
  const dots: string[] = [];
  for (let j = 0; j < 3; j++) for (let i = 0; i < 4; i++) dots.push(`M${24 + i * 10} ${24 + j * 10}h0`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 320 180" width="320" height="180">` +
    `<defs><linearGradient id="b-${t.id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${g0}"/><stop offset="1" stop-color="${g1}"/></linearGradient>` +
    `<radialGradient id="g-${t.id}" cx="216" cy="90" r="120" gradientUnits="userSpaceOnUse"><stop offset="0" stop-color="${t.c}" stop-opacity="${glow}"/><stop offset="1" stop-color="${t.c}" stop-opacity="0"/></radialGradient></defs>` +
    `<rect width="320" height="180" rx="16" fill="url(#b-${t.id})"/>` +
    `<rect width="320" height="180" rx="16" fill="url(#g-${t.id})"/>` +
    `<circle cx="216" cy="90" r="66" fill="${t.c}" fill-opacity="${dark ? ".07" : ".06"}"/>` +
    `<path d="${dots.join("")}" stroke="${t.ink}" stroke-opacity=".22" stroke-width="3" stroke-linecap="round"/>` +
    `<rect x=".5" y=".5" width="319" height="179" rx="15.5" fill="none" stroke="${t.ink}" stroke-opacity="${dark ? ".08" : ".07"}"/>` +
    `<g transform="translate(216 90)" fill="none" stroke="${t.c}" stroke-width="6" stroke-linecap="round" stroke-linejoin="round">${motif}</g></svg>\n`
  );
}

// ---------------------------------------------------------------- other assets
const svg = (w: number, h: number, body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">${body}</svg>\n`;

/** The 字 mark, drawn as strokes in a 64×64 box. */
const ZI = (col: string, w = 5.5) =>
  `<g fill="none" stroke="${col}" stroke-width="${w}" stroke-linecap="round" stroke-linejoin="round">` +
  `<path d="M32 11V16M15 27V21H49V27M22 33H41L33 40M33 40V50Q33 55 27 53M15 43H49"/></g>`;

const logo = () =>
  svg(
    64,
    64,
    `<defs><linearGradient id="lg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#FF5A74"/><stop offset="1" stop-color="${ACCENT}"/></linearGradient></defs>` +
      `<rect width="64" height="64" rx="16" fill="url(#lg)"/>${ZI("#fff")}<circle cx="51" cy="51" r="3" fill="#fff" fill-opacity=".55"/>`,
  );

const favicon = () =>
  svg(32, 32, `<rect width="32" height="32" rx="8" fill="${ACCENT}"/><g transform="scale(.5)">${ZI("#fff", 6.5)}</g>`);

const SOCIAL: Record<string, string> = {
  wechat:
    `<rect width="96" height="96" rx="24" fill="#07C160"/>` +
    `<path d="M40 22C25 22 14 31 14 43C14 50 18 55 24 59L22 67L31 62C34 63 37 63 40 63C55 63 66 54 66 43C66 31 55 22 40 22Z" fill="#fff"/>` +
    `<path d="M60 44C49 44 41 51 41 60C41 69 49 76 60 76C62 76 64 76 66 75L73 79L71 72C76 69 79 65 79 60C79 51 71 44 60 44Z" fill="#fff" stroke="#07C160" stroke-width="3"/>` +
    `<circle cx="31" cy="38" r="3.5" fill="#07C160"/><circle cx="49" cy="38" r="3.5" fill="#07C160"/><circle cx="54" cy="57" r="3" fill="#07C160"/><circle cx="67" cy="57" r="3" fill="#07C160"/>`,
  video:
    `<rect width="96" height="96" rx="24" fill="#FA9D3B"/>` +
    `<path d="M48 48C40 30 22 26 18 36C14 46 26 62 48 48C70 62 82 46 78 36C74 26 56 30 48 48Z" fill="none" stroke="#fff" stroke-width="7" stroke-linejoin="round"/>` +
    `<path d="M42 64L58 72L42 80Z" fill="#fff" transform="translate(0 -4)"/>`,
  weibo:
    `<rect width="96" height="96" rx="24" fill="#E6162D"/>` +
    `<path d="M40 36C24 40 14 52 16 62C18 72 32 78 48 76C64 74 74 66 72 56C71 50 64 48 60 50C62 44 60 40 54 40C50 40 46 42 44 44C46 38 44 35 40 36Z" fill="#fff"/>` +
    `<ellipse cx="42" cy="62" rx="11" ry="8" fill="#1E1D2B"/><circle cx="39" cy="62" r="3" fill="#fff"/>` +
    `<path d="M60 22A16 16 0 0 1 78 40M60 31A7 7 0 0 1 69 40" fill="none" stroke="#FFB020" stroke-width="5" stroke-linecap="round"/>`,
  douyin:
    `<rect width="96" height="96" rx="24" fill="#161823"/>` +
    [
      ["#25F4EE", -3, -2],
      ["#FE2C55", 3, 2],
      ["#fff", 0, 0],
    ]
      .map(
        ([c, dx, dy]) =>
          `<g transform="translate(${dx} ${dy})" fill="${c}"><circle cx="38" cy="62" r="11"/><path d="M45 62V20H52Q56 30 68 34V42Q58 40 52 34V62Z"/></g>`,
      )
      .join(""),
  kuaishou:
    `<rect width="96" height="96" rx="24" fill="#FF4906"/>` +
    `<circle cx="36" cy="30" r="9" fill="#fff"/><circle cx="36" cy="30" r="3.5" fill="#FF4906"/><circle cx="58" cy="30" r="9" fill="#fff"/><circle cx="58" cy="30" r="3.5" fill="#FF4906"/>` +
    `<rect x="18" y="44" width="60" height="36" rx="12" fill="#fff"/><path d="M42 52L58 62L42 72Z" fill="#FF4906" stroke="#FF4906" stroke-width="3" stroke-linejoin="round"/>`,
  bilibili:
    `<rect width="96" height="96" rx="24" fill="#00A1D6"/>` +
    `<path d="M34 24L42 32M62 24L54 32" stroke="#fff" stroke-width="6" stroke-linecap="round"/>` +
    `<rect x="18" y="32" width="60" height="44" rx="12" fill="none" stroke="#fff" stroke-width="6"/>` +
    `<path d="M33 48L40 52M63 48L56 52" stroke="#fff" stroke-width="5" stroke-linecap="round"/>` +
    `<path d="M42 62Q45 65 48 62Q51 65 54 62" fill="none" stroke="#fff" stroke-width="3.5" stroke-linecap="round" stroke-linejoin="round"/>`,
};

/** The modules of a version-2 (25×25), level-H QR code of `text` in byte mode, mask 0: row by row, true = dark. */
function qrMatrix(text: string): boolean[][] {
  const { modules } = QRCode.create([{ data: new TextEncoder().encode(text), mode: "byte" }], {
    version: 2,
    errorCorrectionLevel: "H",
    maskPattern: 0,
  });
  return Array.from({ length: modules.size }, (_, y) =>
    Array.from({ length: modules.size }, (_, x) => Boolean(modules.get(y, x))),
  );
}

/** Service code: a real version-2-H QR code (payload "字体客服") with a small centre logo. */
const QR_PAYLOAD = "字体客服";
function qr(): string {
  const N = 25,
    M = 5,
    O = 17.5;
  const m = qrMatrix(QR_PAYLOAD);
  const finder = (x: number, y: number) => (x < 7 && y < 7) || (x >= N - 7 && y < 7) || (x < 7 && y >= N - 7);
  const logo = (x: number, y: number) => x >= 10 && x <= 14 && y >= 10 && y <= 14;
  let d = "";
  for (let y = 0; y < N; y++)
    for (let x = 0; x < N; x++) if (m[y][x] && !finder(x, y) && !logo(x, y)) d += `M${x * M} ${y * M}h5v5h-5z`;
  const eye = (x: number, y: number) =>
    `<path d="M${x} ${y}h35v35h-35zM${x + 5} ${y + 5}v25h25v-25z" fill-rule="evenodd"/><rect x="${x + 10}" y="${y + 10}" width="15" height="15" rx="2"/>`;
  return svg(
    160,
    160,
    `<rect width="160" height="160" rx="12" fill="#fff"/><g transform="translate(${O} ${O})" fill="#1E1D2B"><path d="${d}"/>${eye(0, 0)}${eye(90, 0)}${eye(0, 90)}</g>` +
      `<rect x="67" y="67" width="26" height="26" rx="6" fill="#fff"/><g transform="translate(69 69) scale(.34375)"><rect width="64" height="64" rx="16" fill="${ACCENT}"/>${ZI("#fff", 6.5)}</g>`,
  );
}

const empty = () =>
  svg(
    240,
    180,
    `<ellipse cx="120" cy="160" rx="80" ry="8" fill="#1E1D2B" fill-opacity=".06"/>` +
      `<path d="M70 24H138L166 52V150H70Z" fill="#fff" stroke="#D9D8E3" stroke-width="3" stroke-linejoin="round"/>` +
      `<path d="M138 24V52H166" fill="#F1F0F6" stroke="#D9D8E3" stroke-width="3" stroke-linejoin="round"/>` +
      `<path d="M86 70H130M86 86H118M86 102H126" stroke="#E6E5EE" stroke-width="6" stroke-linecap="round"/>` +
      `<circle cx="146" cy="112" r="26" fill="${ACCENT}" fill-opacity=".08" stroke="${ACCENT}" stroke-width="7"/>` +
      `<path d="M165 131L184 150" stroke="${ACCENT}" stroke-width="10" stroke-linecap="round"/>` +
      `<path d="M134 100A16 16 0 0 1 150 96" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round"/>` +
      `<path d="M${sparkle(60, 40, 8).slice(1)}" fill="#FFC940"/><circle cx="190" cy="60" r="4" fill="none" stroke="#A98BFF" stroke-width="3"/>`,
  );

const notFound = () =>
  svg(
    320,
    200,
    `<ellipse cx="160" cy="178" rx="120" ry="9" fill="#1E1D2B" fill-opacity=".06"/>` +
      `<g fill="none" stroke="#1E1D2B" stroke-width="16" stroke-linecap="round" stroke-linejoin="round">` +
      `<path d="M84 140V56L40 116H100"/><path d="M280 140V56L236 116H296"/></g>` +
      `<g transform="translate(160 98) rotate(-8)"><rect x="-38" y="-44" width="76" height="88" rx="16" fill="${ACCENT}"/>` +
      `<g transform="translate(-26 -30) scale(.82)">${ZI("#fff", 7).replace("M32 11V16", "M32 11V16").replace("M33 40V50Q33 55 27 53", "M33 40V46")}</g>` +
      `<path d="M8 -44L-2 -16L10 -6L0 20" fill="none" stroke="#fff" stroke-width="4" stroke-linecap="round" stroke-linejoin="round" stroke-opacity=".9"/></g>` +
      `<path d="M${sparkle(214, 40, 9).slice(1)}" fill="#FFC940"/><circle cx="110" cy="30" r="5" fill="none" stroke="#6E9CFF" stroke-width="3"/><circle cx="228" cy="160" r="4" fill="#A98BFF"/>`,
  );

// ---------------------------------------------------------------- write
function write(rel: string, body: string, warnAbove = 4096) {
  const f = join(OUT, rel);
  mkdirSync(dirname(f), { recursive: true });
  writeFileSync(f, body);
  if (body.length > warnAbove) console.warn(`warning: ${rel} is ${body.length} bytes`);
}

const CATEGORY_CODES = Object.keys(MOTIFS);

/** Each card's WebP, what pages show: 480 pixels wide, twice the width of a card on most screens. */
const DRAWING_WIDTH = 480;
const DRAWING_QUALITY = 80;

async function writeDrawing(rel: string, body: string) {
  const f = join(OUT, rel);
  await sharp(Buffer.from(body), { density: (72 * DRAWING_WIDTH) / 320 })
    .resize(DRAWING_WIDTH)
    .webp({ quality: DRAWING_QUALITY })
    .toFile(f);
}

for (const mode of ["dark", "light"] as Mode[]) {
  const cards: [string, string][] = [];
  for (const [code, [hue, motif]] of Object.entries(MOTIFS)) {
    const t = theme(mode, hue, `${code}-${mode}`);
    cards.push([code, card(t, motif(t))]);
  }
  DEFAULTS.forEach(([hue, motif], k) => {
    const t = theme(mode, hue, `default-${k + 1}-${mode}`);
    cards.push([`default-${k + 1}`, card(t, motif(t))]);
  });
  for (const [name, body] of cards) {
    write(`images/category/${name}-${mode}.svg`, body);
    await writeDrawing(`images/category/${name}-${mode}.webp`, body);
  }
}
/** Each banner's WebP at the SVG's own size (1200 by 360): a card is 300 to 400 pixels wide, a lone banner the page's width. */
const BANNER_WIDTH = 1200;
const BANNER_DIR = join(OUT, "images/banner");
for (const file of readdirSync(BANNER_DIR).filter((name) => name.endsWith(".svg"))) {
  await sharp(readFileSync(join(BANNER_DIR, file)), { density: 72 })
    .resize(BANNER_WIDTH)
    .webp({ quality: DRAWING_QUALITY })
    .toFile(join(BANNER_DIR, file.replace(/\.svg$/, ".webp")));
}
for (const [name, body] of Object.entries(SOCIAL)) write(`images/social/${name}.svg`, svg(96, 96, body));
write("images/qr-service.svg", qr());
write("images/logo.svg", logo());
write("favicon.svg", favicon());
write("images/empty.svg", empty());
write("images/not-found.svg", notFound());
console.log(
  `wrote ${CATEGORY_CODES.length + DEFAULTS.length} category cards per theme, their drawings and extras to ${OUT}`,
);
