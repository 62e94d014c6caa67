import { randomInt } from "node:crypto";
import sharp from "sharp";

/** AJ-Captcha's block-puzzle geometry: a 310×155 background and a 47-pixel-wide piece strip. */
export const CAPTCHA_WIDTH = 310;
export const CAPTCHA_HEIGHT = 155;
export const PIECE_SIZE = 47;

/** The piece: a 40×40 square with a knob on top and one on the right, in a 47×47 box. */
const PIECE_PATH = "M0,7 H13 A7,7 0 0 1 27,7 H40 V20 A7,7 0 0 1 40,34 V47 H0 Z";

export type Gap = { x: number; y: number };

export function randomGap(): Gap {
  return { x: randomInt(80, CAPTCHA_WIDTH - PIECE_SIZE - 4), y: randomInt(5, CAPTCHA_HEIGHT - PIECE_SIZE - 4) };
}

function hsl(h: number, s: number, l: number, a = 1): string {
  return `hsla(${h},${s}%,${l}%,${a})`;
}

/** A random picture: gradient, soft shapes and lines. No text, nothing that encodes the gap. */
function backgroundSvg(): string {
  const hue = randomInt(0, 360);
  const shapes: string[] = [];
  for (let i = 0; i < 14; i++) {
    const h = (hue + randomInt(-80, 80) + 360) % 360;
    const fill = hsl(h, randomInt(40, 90), randomInt(30, 75), randomInt(25, 70) / 100);
    const x = randomInt(-20, CAPTCHA_WIDTH);
    const y = randomInt(-20, CAPTCHA_HEIGHT);
    if (i % 3 === 0) {
      shapes.push(`<circle cx="${x}" cy="${y}" r="${randomInt(10, 45)}" fill="${fill}"/>`);
    } else if (i % 3 === 1) {
      shapes.push(
        `<rect x="${x}" y="${y}" width="${randomInt(15, 80)}" height="${randomInt(10, 60)}" rx="${randomInt(0, 12)}" fill="${fill}" transform="rotate(${randomInt(0, 90)} ${x} ${y})"/>`,
      );
    } else {
      const points = Array.from(
        { length: 3 },
        () => `${randomInt(-10, CAPTCHA_WIDTH + 10)},${randomInt(-10, CAPTCHA_HEIGHT + 10)}`,
      );
      shapes.push(`<polygon points="${points.join(" ")}" fill="${fill}"/>`);
    }
  }
  for (let i = 0; i < 6; i++) {
    shapes.push(
      `<path d="M${randomInt(0, CAPTCHA_WIDTH)},${randomInt(0, CAPTCHA_HEIGHT)} Q${randomInt(0, CAPTCHA_WIDTH)},${randomInt(0, CAPTCHA_HEIGHT)} ${randomInt(0, CAPTCHA_WIDTH)},${randomInt(0, CAPTCHA_HEIGHT)}" stroke="${hsl((hue + 180) % 360, 60, randomInt(40, 90), 0.6)}" stroke-width="${randomInt(1, 4)}" fill="none"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CAPTCHA_WIDTH}" height="${CAPTCHA_HEIGHT}">
<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">
<stop offset="0" stop-color="${hsl(hue, 70, 55)}"/><stop offset="1" stop-color="${hsl((hue + randomInt(60, 160)) % 360, 70, 40)}"/>
</linearGradient></defs>
<rect width="100%" height="100%" fill="url(#g)"/>${shapes.join("")}</svg>`;
}

function pieceSvg(width: number, height: number, x: number, y: number, fill: string, stroke: string): Buffer {
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><path transform="translate(${x},${y})" d="${PIECE_PATH}" fill="${fill}" stroke="${stroke}" stroke-width="1.5"/></svg>`,
  );
}

export type CaptchaImages = { background: Buffer; piece: Buffer };

/**
 * Renders the background with the gap cut at `gap` and the matching piece: a PNG strip
 * PIECE_SIZE wide and as tall as the background, transparent outside the piece.
 */
export async function renderPuzzle(gap: Gap): Promise<CaptchaImages> {
  const clean = await sharp(Buffer.from(backgroundSvg())).png().toBuffer();
  const background = await sharp(clean)
    .composite([
      {
        input: pieceSvg(CAPTCHA_WIDTH, CAPTCHA_HEIGHT, gap.x, gap.y, "rgba(0,0,0,0.5)", "rgba(255,255,255,0.85)"),
        left: 0,
        top: 0,
      },
    ])
    .png({ compressionLevel: 6 })
    .toBuffer();
  const strip = await sharp(clean)
    .extract({ left: gap.x, top: 0, width: PIECE_SIZE, height: CAPTCHA_HEIGHT })
    .ensureAlpha()
    .composite([{ input: pieceSvg(PIECE_SIZE, CAPTCHA_HEIGHT, 0, gap.y, "#fff", "none"), blend: "dest-in" }])
    .png()
    .toBuffer();
  const piece = await sharp(strip)
    .composite([{ input: pieceSvg(PIECE_SIZE, CAPTCHA_HEIGHT, 0, gap.y, "none", "rgba(255,255,255,0.95)") }])
    .png({ compressionLevel: 6 })
    .toBuffer();
  return { background, piece };
}
