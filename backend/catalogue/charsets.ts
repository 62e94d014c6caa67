/** A character set whose coverage the catalogue reports for each font. */
export type CharsetDefinition = {
  code: string;
  name: string;
  sort: number;
  codepoints: () => ReadonlySet<number>;
};

export type CharsetCoverage = { code: string; covered: number; total: number };

function memo<T>(compute: () => T): () => T {
  let value: T | undefined;
  return () => (value ??= compute());
}

function range(first: number, last: number): Set<number> {
  const set = new Set<number>();
  for (let codepoint = first; codepoint <= last; codepoint++) set.add(codepoint);
  return set;
}

const HAN = /^\p{Script=Han}$/u;

/** Decodes every double-byte code in [lead, trail] ranges and keeps the Han characters. */
function decodeHan(
  encoding: string,
  leads: [number, number],
  trails: Array<[number, number]>,
  lastCode: number,
): Set<number> {
  const decoder = new TextDecoder(encoding);
  const set = new Set<number>();
  for (let lead = leads[0]; lead <= leads[1]; lead++) {
    for (const [firstTrail, lastTrail] of trails) {
      for (let trail = firstTrail; trail <= lastTrail; trail++) {
        if (((lead << 8) | trail) > lastCode) continue;
        const character = decoder.decode(new Uint8Array([lead, trail]));
        // Unassigned codes decode to U+FFFD or to private-use code points; neither is Han.
        if (HAN.test(character)) set.add(character.codePointAt(0)!);
      }
    }
  }
  return set;
}

export const CHARSETS: readonly CharsetDefinition[] = [
  {
    code: "GB2312",
    name: "GB2312 汉字",
    sort: 1,
    codepoints: memo(() => decodeHan("gbk", [0xb0, 0xf7], [[0xa1, 0xfe]], 0xf7fe)),
  },
  {
    code: "BIG5",
    name: "Big5 常用字",
    sort: 2,
    codepoints: memo(() =>
      decodeHan(
        "big5",
        [0xa4, 0xc6],
        [
          [0x40, 0x7e],
          [0xa1, 0xfe],
        ],
        0xc67e,
      ),
    ),
  },
  {
    code: "CJK",
    name: "中日韩统一表意文字基本区",
    sort: 3,
    codepoints: memo(() => range(0x4e00, 0x9fff)),
  },
  {
    code: "ASCII",
    name: "ASCII 可打印字符",
    sort: 4,
    codepoints: memo(() => range(0x20, 0x7e)),
  },
];

export function charsetCoverage(fontCodepoints: ReadonlySet<number>): CharsetCoverage[] {
  return CHARSETS.map((charset) => {
    const members = charset.codepoints();
    let covered = 0;
    for (const codepoint of members) if (fontCodepoints.has(codepoint)) covered++;
    return { code: charset.code, covered, total: members.size };
  });
}
