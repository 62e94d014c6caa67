import { randomBytes } from "node:crypto";
import { isDeepStrictEqual } from "node:util";
import { createElement, Fragment } from "react";
import {
  encodeRootHydrationData,
  encodeSharedHydrationData,
  type SharedHydrationData,
} from "~/utils/hydration-data.server";
import type { KeptPages } from "~/utils/kept-pages";
import type { NewWordsTemplate } from "~/utils/new-words-page.server";
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
/**
 * A hole that a kind of template other than the visitor's has in its markup (a page of new words
 * has its words and previews), filled for each answer by what that kind passes to `assembleMarkup`.
 */
export type PageHole = { readonly hole: string; readonly index?: number };
/** Markup, and between its pieces the nonce (NONCE), a visitor value (its index) or a PageHole. */
type Segments = Array<Buffer | number | PageHole>;
type Piece = Segments | { part: number; states: Map<string, Segments> };
/** What a template's PageHoles are marked with in its markup. */
export type PageHoleMarks = ReadonlyMap<string, PageHole>;

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
  /** A template of a page of new words (new-words-page.server.tsx): its previews and data. */
  newWords?: NewWordsTemplate;
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
  const hydrationStart = segments(hydrationHead(hydration, NONCE_MARK));
  const bytes = 1024 + segmentsBytes(hydrationStart) + piecesBytes(pieces);
  return { ...parts, pieces, hydrationStart, rootIndex: hydration.rootIndex, bytes };
}

/** The bytes a template's pieces hold. */
export function piecesBytes(pieces: readonly Piece[]): number {
  let bytes = 0;
  for (const piece of pieces) {
    if (Array.isArray(piece)) bytes += segmentsBytes(piece);
    else for (const state of piece.states.values()) bytes += segmentsBytes(state);
  }
  return bytes;
}

/** The hydration script up to where the root's data goes: the routes' data, encoded. */
function hydrationHead(hydration: SharedHydrationData, nonce: string): string {
  return `<!--$--><script nonce="${nonce}">window.__remixContext.streamController.enqueue("${scriptString(`[${hydration.entries.join(",")},`)}`;
}

/** The rest of the hydration scripts: the root's data numbered from `rootIndex`, and the stream's end. */
function hydrationTail(root: RootData, rootIndex: number, nonce: string): string {
  const rootEntries = encodeRootHydrationData(root, rootIndex);
  return `${scriptString(`${rootEntries.join(",")}]\n`)}");</script><!--$--><script nonce="${nonce}">window.__remixContext.streamController.close();</script><!--/$--><!--/$-->`;
}

/**
 * The hydration scripts of a page whose routes' data is encoded for this answer (not kept in a
 * template), the root's after it; throws if the data is not JSON.
 */
export function hydrationScripts(loaderData: Record<string, unknown>, root: RootData, nonce: string): string {
  const hydration = encodeSharedHydrationData({ ...loaderData, root: undefined });
  return hydrationHead(hydration, nonce) + hydrationTail(root, hydration.rootIndex, nonce);
}

const PART_START = new RegExp(`<${VISITOR_PART_TAG} data-part="(\\d+)" data-state="([^"]*)">`, "g");
const PART_END = `</${VISITOR_PART_TAG}>`;

/**
 * The markup cut into shared pieces and parts (null if parts nest), each cut again at the nonces,
 * the visitor's values and any of `marks`.
 */
export function parseTemplate(html: string, marks?: PageHoleMarks): Piece[] | null {
  const holes = marks ? holesWith(marks) : HOLES;
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
      pieces.push(segments(html.slice(at, start), holes, marks));
      current = { part, states: new Map() };
      pieces.push(current);
    }
    current.states.set(match[2]!, segments(content, holes, marks));
    at = end + PART_END.length;
  }
  pieces.push(segments(html.slice(at), holes, marks));
  return pieces;
}

const HOLES_SOURCE = `${NONCE_MARK}|\uE000(\\d+)\uE001`;
const HOLES = new RegExp(HOLES_SOURCE, "g");

function holesWith(marks: PageHoleMarks): RegExp {
  const escaped = [...marks.keys()].map((mark) => mark.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));
  return new RegExp([HOLES_SOURCE, ...escaped].join("|"), "g");
}

function segments(html: string, holes = HOLES, marks?: PageHoleMarks): Segments {
  const out: Segments = [];
  let at = 0;
  for (const hole of html.matchAll(holes)) {
    if (hole.index > at) out.push(Buffer.from(html.slice(at, hole.index)));
    const marked = marks?.get(hole[0]);
    out.push(marked ?? (hole[1] === undefined ? NONCE : Number(hole[1])));
    at = hole.index + hole[0].length;
  }
  if (at < html.length) out.push(Buffer.from(html.slice(at)));
  return out;
}

function segmentsBytes(parts: Segments): number {
  return parts.reduce<number>((sum, part) => sum + (Buffer.isBuffer(part) ? part.byteLength : 8), 0);
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
  const out = assembleMarkup(template, root, nonce);
  if (!out) return null;
  out.push(...fill(template.hydrationStart, template, root, Buffer.from(nonce)));
  try {
    out.push(Buffer.from(hydrationTail(root, template.rootIndex, nonce)));
  } catch {
    return null;
  }
  return new Uint8Array(Buffer.concat(out));
}

/**
 * A template's markup for a visitor with this root data: the parts they see, their values, the
 * nonce, and each PageHole as `page` fills it. Null when a part's picker names a state the
 * template does not hold.
 */
export function assembleMarkup(
  template: Pick<VisitorPageTemplate, "pieces" | "pickers">,
  root: RootData,
  nonce: string,
  page?: (hole: PageHole) => Buffer,
): Buffer[] | null {
  const nonceBytes = Buffer.from(nonce);
  const values = new Map<number, Buffer>();
  const out: Buffer[] = [];
  for (const piece of template.pieces) {
    const shown = Array.isArray(piece) ? piece : piece.states.get(template.pickers.parts[piece.part]!(root));
    if (!shown) return null;
    out.push(...fill(shown, template, root, nonceBytes, values, page));
  }
  return out;
}

function fill(
  parts: Segments,
  template: Pick<VisitorPageTemplate, "pickers">,
  root: RootData,
  nonce: Buffer,
  values = new Map<number, Buffer>(),
  page?: (hole: PageHole) => Buffer,
): Buffer[] {
  const out: Buffer[] = [];
  for (const part of parts) {
    if (Buffer.isBuffer(part)) out.push(part);
    else if (typeof part !== "number") {
      if (!page) throw new Error("a template's hole with nothing to fill it");
      out.push(page(part));
    } else if (part === NONCE) out.push(nonce);
    else {
      let value = values.get(part);
      if (!value) values.set(part, (value = Buffer.from(escapeText(template.pickers.values[part]!(root)))));
      out.push(value);
    }
  }
  return out;
}

const TEXT_ESCAPES: Record<string, string> = { '"': "&quot;", "&": "&amp;", "'": "&#x27;", "<": "&lt;", ">": "&gt;" };

/** `text` as React writes a text node or an attribute value. */
export function escapeText(text: string): string {
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
