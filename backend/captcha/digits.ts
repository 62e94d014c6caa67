import { randomInt } from "node:crypto";
import sharp from "sharp";

/** The no-JavaScript challenge's picture size. */
export const DIGITS_WIDTH = 160;
export const DIGITS_HEIGHT = 60;

/**
 * Each digit as strokes in a 20×30 box, drawn as paths so that no font is needed on the server
 * (a missing font would draw boxes) and no font file names the answer.
 */
const DIGIT_PATHS: readonly string[] = [
  "M10,2 C3,2 2,10 2,15 C2,21 3,28 10,28 C17,28 18,21 18,15 C18,10 17,2 10,2 Z",
  "M5,7 L11,2 L11,28 M5,28 L17,28",
  "M3,8 C4,1 17,1 17,8 C17,14 8,19 3,28 L18,28",
  "M3,4 L16,4 L9,13 C15,13 18,16 18,21 C18,28 7,30 2,25",
  "M13,28 L13,2 L2,20 L18,20",
  "M16,3 L5,3 L4,13 C9,10 18,11 18,19 C18,27 8,30 3,25",
  "M15,3 C8,3 3,9 3,19 C3,25 6,28 10,28 C15,28 17,24 17,20 C17,15 14,13 10,13 C6,13 3,16 3,19",
  "M2,3 L18,3 L8,28",
  "M10,14 C4,14 3,10 3,8 C3,4 6,2 10,2 C14,2 17,4 17,8 C17,10 16,14 10,14 C4,14 2,17 2,21 C2,25 5,28 10,28 C15,28 18,25 18,21 C18,17 16,14 10,14 Z",
  "M17,11 C17,15 14,17 10,17 C6,17 3,15 3,10 C3,5 6,2 10,2 C14,2 17,5 17,11 C17,21 13,28 5,28",
];

/** A random answer: `length` digits, each 0–9. */
export function randomDigits(length: number): string {
  let answer = "";
  for (let i = 0; i < length; i++) answer += String(randomInt(0, 10));
  return answer;
}

function hsl(h: number, s: number, l: number, a = 1): string {
  return `hsla(${h},${s}%,${l}%,${a})`;
}

/** The digits, each moved, turned and slanted at random, over a pale background crossed by lines. */
export async function renderDigits(answer: string): Promise<Buffer> {
  const hue = randomInt(0, 360);
  const cell = DIGITS_WIDTH / (answer.length + 0.5);
  const parts: string[] = [`<rect width="100%" height="100%" fill="${hsl(hue, 40, 94)}"/>`];
  for (let i = 0; i < 5; i++) {
    parts.push(
      `<circle cx="${randomInt(0, DIGITS_WIDTH)}" cy="${randomInt(0, DIGITS_HEIGHT)}" r="${randomInt(6, 20)}" fill="${hsl((hue + randomInt(0, 120)) % 360, 50, randomInt(78, 90), 0.6)}"/>`,
    );
  }
  [...answer].forEach((digit, index) => {
    const x = cell * (index + 0.25) + randomInt(-3, 4);
    const y = 14 + randomInt(-6, 5);
    const scale = randomInt(95, 120) / 100;
    const rotate = randomInt(-22, 23);
    const skew = randomInt(-14, 15);
    parts.push(
      `<g transform="translate(${x.toFixed(1)},${y}) rotate(${rotate} 10 15) skewX(${skew}) scale(${scale})"><path d="${DIGIT_PATHS[Number(digit)]}" fill="none" stroke="${hsl((hue + randomInt(150, 210)) % 360, 70, randomInt(18, 35))}" stroke-width="${randomInt(25, 36) / 10}" stroke-linecap="round" stroke-linejoin="round"/></g>`,
    );
  });
  for (let i = 0; i < 4; i++) {
    parts.push(
      `<path d="M${randomInt(-10, 20)},${randomInt(0, DIGITS_HEIGHT)} C${randomInt(20, 80)},${randomInt(0, DIGITS_HEIGHT)} ${randomInt(80, 140)},${randomInt(0, DIGITS_HEIGHT)} ${randomInt(140, DIGITS_WIDTH + 10)},${randomInt(0, DIGITS_HEIGHT)}" fill="none" stroke="${hsl((hue + randomInt(0, 360)) % 360, 60, randomInt(30, 60), 0.7)}" stroke-width="${randomInt(10, 20) / 10}"/>`,
    );
  }
  for (let i = 0; i < 40; i++) {
    parts.push(
      `<circle cx="${randomInt(0, DIGITS_WIDTH)}" cy="${randomInt(0, DIGITS_HEIGHT)}" r="1" fill="${hsl(randomInt(0, 360), 50, randomInt(20, 60), 0.7)}"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${DIGITS_WIDTH}" height="${DIGITS_HEIGHT}">${parts.join("")}</svg>`;
  return sharp(Buffer.from(svg)).png({ compressionLevel: 6 }).toBuffer();
}
