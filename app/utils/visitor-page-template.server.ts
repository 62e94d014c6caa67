import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { createElement, Fragment } from "react";
import { encodeRootHydrationData, type SharedHydrationData } from "~/utils/hydration-data.server";
import type { KeptPages } from "~/utils/kept-pages";
import type { RootData } from "~/utils/root-data";
import type { VisitorPartsTemplate } from "~/utils/visitor-parts";

/**
 * Pages rendered per visitor, without rendering them each time. A shared page (one whose route
 * lets it be kept for visitors without cookies) is rendered once as a template: the visitor's parts
 * (VisitorPart) in every state they can take, the shared markup around them, and the routes' data
 * encoded for hydration. For as long as its route lets the page be kept, each visitor's answer is
 * put together from it: the shared markup as it is, each part in the state the visitor's root data
 * picks, and the root data encoded after the routes'. Only visitors whose differences are all in
 * parts are answered so (see answeredFromTemplate); anyone else is rendered as before. A route that
 * lets its page be kept promises that its loader data is the same for every visitor, signed in or
 * not: all that differs from visitor to visitor is in the root data.
 */

/** The root data fields that differ from visitor to visitor; every other field is shared. */
const VISITOR_FIELDS = [
  "loggedIn",
  "user",
  "favoriteFontGNos",
  "favoriteFolders",
  "favoriteArticleKeys",
  "compareFontGNos",
  "unreadNoticeCount",
  "toast",
] as const satisfies ReadonlyArray<keyof RootData>;

/** What a template is rendered with in place of the visitor's own fields. */
export const NEUTRAL_VISITOR: Pick<RootData, (typeof VISITOR_FIELDS)[number]> = {
  loggedIn: false,
  user: null,
  favoriteFontGNos: [],
  favoriteFolders: [],
  favoriteArticleKeys: [],
  compareFontGNos: [],
  unreadNoticeCount: 0,
  toast: null,
};

/**
 * What the visitor parts of a page being rendered as a template register, by the index their
 * markup is marked with: for each part, which of its states a visitor's root data picks; for each
 * value, the text it holds for that visitor.
 */
export type VisitorPartPickers = {
  parts: Array<(root: RootData) => string>;
  values: Array<(root: RootData) => string>;
};

/** The element marking one state of a part in a template; never sent to a browser. */
const VISITOR_PART_TAG = "visitor-part";

/**
 * How a template shows visitor parts and values: every state of a part, each in a marker element;
 * a value as a private-use mark, which React leaves as it is in text and attributes.
 */
export function visitorPartsTemplate(pickers: VisitorPartPickers): VisitorPartsTemplate {
  return {
    part(states, pick, render) {
      const part = pickers.parts.push(pick) - 1;
      return states.map((state) =>
        createElement(
          Fragment,
          { key: state },
          createElement(VISITOR_PART_TAG, { "data-part": part, "data-state": state }, render(state)),
        ),
      );
    },
    value(pick) {
      return `\uE000${pickers.values.push(pick) - 1}\uE001`;
    },
  };
}

/** Stands for the answer's nonce in a template; random, so no page's text can hold it. */
export const NONCE_MARK = `n${randomBytes(12).toString("hex")}`;

/** Where the answer's nonce goes, among a template's segments. */
const NONCE = -1;
/** Markup, and between its pieces the nonce (NONCE) or a visitor value (its index). */
type Segments = Array<Buffer | number>;
type Piece = Segments | { part: number; states: Map<string, Segments> };

export type VisitorPageTemplate = {
  pieces: Piece[];
  pickers: VisitorPartPickers;
  /** The root data's shared fields the page was rendered with. */
  sharedRoot: Record<string, unknown>;
  /** The hydration script up to where the root's data goes, and that data's first entry number. */
  hydrationStart: Segments;
  rootIndex: number;
  /** The answer's headers but Content-Type, which is always HTML. */
  headers: Array<[string, string]>;
  /** The font whose view the page counts, if it is a font's page. */
  fontVisit: string | null;
  expiresAt: number;
  bytes: number;
};

/** Templates of shared pages, by address, made and answered as kept pages are. */
export type VisitorPageTemplates = KeptPages<VisitorPageTemplate>;

/**
 * Whether a visitor with this root data can be answered from a template: their differences must all
 * be parts. A flash message is not, nor the folder menu of a user with several favorite folders.
 */
export function answeredFromTemplate(root: RootData | undefined): root is RootData {
  return Boolean(root) && !root!.toast && (root!.favoriteFolders?.length ?? 0) <= 1;
}

/** The root data's fields that are the same for every visitor. */
export function sharedRootFields(root: RootData): Record<string, unknown> {
  const shared: Record<string, unknown> = { ...root };
  for (const field of VISITOR_FIELDS) delete shared[field];
  return shared;
}

/** Whether `root`'s shared fields are those `template` was rendered with (its visitor fields aside). */
export function sameSharedRoot(template: Pick<VisitorPageTemplate, "sharedRoot">, root: RootData): boolean {
  return isDeepStrictEqual(template.sharedRoot, sharedRootFields(root));
}

/** What a template is made of besides its markup. */
export type VisitorPageTemplateParts = Pick<
  VisitorPageTemplate,
  "pickers" | "sharedRoot" | "headers" | "fontVisit" | "expiresAt"
>;

/**
 * A template from the page rendered with NONCE_MARK for its nonce and its parts marked
 * (VisitorPartsTemplate), and the routes' data encoded; null if its parts nest.
 */
export function makeVisitorPageTemplate(
  html: string,
  hydration: SharedHydrationData,
  parts: VisitorPageTemplateParts,
): VisitorPageTemplate | null {
  const pieces = parseTemplate(html);
  if (!pieces) return null;
  const hydrationStart = segments(
    `<!--$--><script nonce="${NONCE_MARK}">window.__remixContext.streamController.enqueue("${scriptString(`[${hydration.entries.join(",")},`)}`,
  );
  let bytes = 1024 + segmentsBytes(hydrationStart);
  for (const piece of pieces) {
    if (Array.isArray(piece)) bytes += segmentsBytes(piece);
    else for (const state of piece.states.values()) bytes += segmentsBytes(state);
  }
  return { ...parts, pieces, hydrationStart, rootIndex: hydration.rootIndex, bytes };
}

const PART_START = new RegExp(`<${VISITOR_PART_TAG} data-part="(\\d+)" data-state="([^"]*)">`, "g");
const PART_END = `</${VISITOR_PART_TAG}>`;

/** The markup cut into shared pieces and parts (null if parts nest), each cut again at the nonces. */
function parseTemplate(html: string): Piece[] | null {
  const pieces: Piece[] = [];
  let at = 0;
  let current: { part: number; states: Map<string, Segments> } | null = null;
  for (const match of html.matchAll(PART_START)) {
    const start = match.index;
    const contentStart = start + match[0].length;
    const end = html.indexOf(PART_END, contentStart);
    if (end === -1) return null;
    const content = html.slice(contentStart, end);
    if (content.includes(`<${VISITOR_PART_TAG} `)) return null;
    const part = Number(match[1]);
    if (start > at || !current || current.part !== part) {
      pieces.push(segments(html.slice(at, start)));
      current = { part, states: new Map() };
      pieces.push(current);
    }
    current.states.set(match[2]!, segments(content));
    at = end + PART_END.length;
  }
  pieces.push(segments(html.slice(at)));
  return pieces;
}

const HOLES = new RegExp(`${NONCE_MARK}|\uE000(\\d+)\uE001`, "g");

function segments(html: string): Segments {
  const out: Segments = [];
  let at = 0;
  for (const hole of html.matchAll(HOLES)) {
    if (hole.index > at) out.push(Buffer.from(html.slice(at, hole.index)));
    out.push(hole[1] === undefined ? NONCE : Number(hole[1]));
    at = hole.index + hole[0].length;
  }
  if (at < html.length) out.push(Buffer.from(html.slice(at)));
  return out;
}

function segmentsBytes(parts: Segments): number {
  return parts.reduce<number>((sum, part) => sum + (typeof part === "number" ? 8 : part.byteLength), 0);
}

/**
 * The page of a visitor with this root data: the template's markup with the parts they see, then
 * the hydration data (the routes' from the template, the root's theirs), as RemixServer streams
 * it after the document. Null when a part's picker names a state the template does not hold, or the
 * root data is not JSON: the page is then rendered as before.
 */
export function assembleVisitorPage(
  template: VisitorPageTemplate,
  root: RootData,
  nonce: string,
): Uint8Array<ArrayBuffer> | null {
  const nonceBytes = Buffer.from(nonce);
  const values = new Map<number, Buffer>();
  const out: Buffer[] = [];
  const put = (parts: Segments) => {
    for (const part of parts) {
      if (typeof part !== "number") out.push(part);
      else if (part === NONCE) out.push(nonceBytes);
      else {
        let value = values.get(part);
        if (!value) values.set(part, (value = Buffer.from(escapeText(template.pickers.values[part]!(root)))));
        out.push(value);
      }
    }
  };
  for (const piece of template.pieces) {
    const shown = Array.isArray(piece) ? piece : piece.states.get(template.pickers.parts[piece.part]!(root));
    if (!shown) return null;
    put(shown);
  }
  put(template.hydrationStart);
  let rootEntries: string[];
  try {
    rootEntries = encodeRootHydrationData(root, template.rootIndex);
  } catch {
    return null;
  }
  out.push(
    Buffer.from(
      `${scriptString(`${rootEntries.join(",")}]\n`)}");</script><!--$--><script nonce="${nonce}">window.__remixContext.streamController.close();</script><!--/$--><!--/$-->`,
    ),
  );
  return new Uint8Array(Buffer.concat(out));
}

const TEXT_ESCAPES: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };

/** `text` as React writes a text node or an attribute value. */
function escapeText(text: string): string {
  return text.replace(/["&'<>]/g, (character) => TEXT_ESCAPES[character]!);
}

const SCRIPT_ESCAPES: Record<string, string> = {
  "&": "\\u0026",
  ">": "\\u003e",
  "<": "\\u003c",
  "\u2028": "\\u2028",
  "\u2029": "\\u2029",
};

/** `text` as the inside of a JavaScript string literal in an inline script (as Remix writes it). */
function scriptString(text: string): string {
  return JSON.stringify(text)
    .slice(1, -1)
    .replace(/[&><\u2028\u2029]/g, (character) => SCRIPT_ESCAPES[character]!);
}
