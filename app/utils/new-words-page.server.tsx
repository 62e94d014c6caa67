import type { EntryContext } from "@remix-run/node";
import { cloneElement, createElement, isValidElement, type ReactElement } from "react";
import { renderToString } from "react-dom/server";
import type { PreviewFace } from "~/services/catalogue/fonts";
import { NonceProvider } from "~/utils/nonce";
import { PreviewPartsTemplateContext, type NewWordsRoute } from "~/utils/preview-parts";
import { renderPageToText, type TemplatePage } from "~/utils/visitor-page-render.server";
import {
  assembleMarkup,
  escapeText,
  hydrationScripts,
  NEUTRAL_VISITOR,
  NONCE_MARK,
  parseTemplate,
  piecesBytes,
  sameSharedRoot,
  sharedRootFields,
  visitorPartsTemplate,
  type PageHole,
  type VisitorPageTemplate,
  type VisitorPageTemplates,
  type VisitorPartPickers,
} from "~/utils/visitor-page-template.server";
import { VisitorPartsTemplateContext } from "~/utils/visitor-parts";

/**
 * Pages of new words without rendering them. A visitor's words on `/font?text=…` are new almost
 * every time, so neither kept pages nor visitor templates (both by address) answer them: each was
 * rendered, about as long on the server's main thread as the subsets it previews took to make.
 * Yet such a page differs from the same list with other words only in the words and the previews
 * that set them. So a route whose page previews the visitor's words (`handle.newWords`) is rendered
 * once as a template, by its address without the words: stand-ins for the words, marked holes for
 * the previews and the faces' rules (PreviewPart), and the visitor's parts as in visitor templates.
 * Each answer then fills the holes with its words (escaped as the page writes them), renders each
 * preview anew, and encodes its loader data for hydration; the route's data but its words, and the
 * root's shared data, must be those the template was rendered with.
 *
 * Before a template is kept, it is checked against the page rendered by Remix with words that
 * HTML and addresses write differently (PROBE_WORDS, sent as `%20` and `%27`): a template whose
 * filled markup differs is not used, and every answer for its address is rendered as before.
 */

/** The words' stand-in in a template's data. */
const WORDS = "\uE010\uE011\uE012";
/**
 * The words' stand-in in the template's address, sent with `%20`, which a form writes `+`: the
 * address as it came, in the page's links back to it, is not written as the page's own links.
 */
const ASKED = "\uE020 \uE021";
const ASKED_SENT = encodeURIComponent(ASKED);
/** Words whose every form differs: HTML escapes, `+`, `%`, and a quote the address sends as `%27`. */
const PROBE_WORDS = `新词 A&B <"'> 1+1=2 100%`;
/** How long a template (or a refusal) is kept: its data is compared with each answer's anyway. */
const NEW_WORDS_TEMPLATE_SECONDS = 600;

/** `value` as URLSearchParams writes it, as the page's own links carry words. */
function formEncoded(value: string): string {
  return new URLSearchParams([["", value]]).toString().slice(1);
}

/** The forms the words take in a page, each marked in a template by its stand-in in that form. */
type WordsForm = "words" | "wordsInQuery" | "asked" | "askedInParam";
const WORDS_MARKS: ReadonlyArray<[string, WordsForm]> = [
  [WORDS, "words"],
  [formEncoded(WORDS), "wordsInQuery"],
  // The address as it came, as a whole (a link back to it) and inside another address's parameter.
  [encodeURIComponent(ASKED_SENT), "askedInParam"],
  [ASKED_SENT, "asked"],
];

/** One answer's words, in the forms the template's holes take. */
type AnswerWords = {
  text: string;
  faces: Record<string, PreviewFace>;
  /** The `text` parameter's value as the address carries it. */
  asked: string;
};

/** The marks of a template's holes: the words' forms, and its previews by their index. */
function holeMarks(previews: number): Map<string, PageHole> {
  const marks = new Map<string, PageHole>(WORDS_MARKS.map(([mark, form]) => [mark, { hole: form }]));
  for (let index = 0; index < previews; index++) {
    marks.set(`<preview-part data-i="${index}"></preview-part>`, { hole: "preview", index });
  }
  return marks;
}

export type NewWordsTemplate = {
  /** The loader data the template was rendered with, but the root's, as JSON. */
  data: string;
  /** The previews' elements, with stand-ins for the words and the faces. */
  previews: ReactElement[];
  /** The gno of the face each stand-in face stands for; null for the record of them all. */
  standIns: StandIns["gnoOf"];
};

/** A page of new words Remix is about to render. */
type NewWordsPage = {
  key: string;
  page: TemplatePage;
  context: EntryContext;
  routeId: string;
  route: NewWordsRoute<unknown>;
  words: AnswerWords;
  /** The address's query with the `text` parameter's value replaced by `sent`. */
  searchWith: (sent: string) => string;
};

/**
 * The page of new words Remix is about to render, if its answer may come from a template: a page
 * a template may stand for, whose deepest route has `handle.newWords` and shows words of the
 * visitor's, asked for by one `text` parameter.
 */
export function newWordsPage(request: Request, context: EntryContext, page: TemplatePage | null): NewWordsPage | null {
  if (!page) return null;
  const routeId = context.staticHandlerContext.matches.at(-1)?.route.id;
  const handle = routeId ? (context.routeModules[routeId]?.handle as { newWords?: NewWordsRoute<unknown> }) : undefined;
  const route = handle?.newWords;
  if (!routeId || !route) return null;
  const shown = route.words(context.staticHandlerContext.loaderData[routeId]);
  if (!shown?.text) return null;
  const url = new URL(request.url);
  const pairs = url.search.slice(1).split("&");
  const at = pairs.flatMap((pair, index) => ([...new URLSearchParams(pair).keys()][0] === "text" ? [index] : []));
  if (at.length !== 1) return null;
  const pair = pairs[at[0]!]!;
  const equals = pair.indexOf("=");
  if (equals === -1) return null;
  const searchWith = (sent: string) =>
    `?${pairs.map((other, index) => (index === at[0] ? `${pair.slice(0, equals)}=${sent}` : other)).join("&")}`;
  return {
    key: `words:${url.host}${url.pathname}${searchWith("\u0000")}`,
    page,
    context,
    routeId,
    route,
    words: { ...shown, asked: pair.slice(equals + 1) },
    searchWith,
  };
}

/**
 * The answer to a page of new words from its address's template, made now if there is none yet
 * and the address was asked for before, or if the template's data differs from this answer's.
 * Null when it cannot come from one: the page is then rendered as before.
 */
export async function answerNewWords(
  words: NewWordsPage,
  templates: VisitorPageTemplates,
  nonce: string,
): Promise<Uint8Array<ArrayBuffer> | null> {
  let template = templates.fresh(words.key);
  // A refusal: the template's markup did not match Remix's.
  if (template && !template.newWords) return null;
  const data = JSON.stringify(templateLoaderData(words, standInFaces(words.words.faces).faces));
  if (!template || template.newWords!.data !== data || !sameSharedRoot(template, words.page.root)) {
    if (!templates.worthKeeping(words.key)) return null;
    const made = await renderNewWordsTemplate(words, data);
    if (!made) return null;
    templates.keep(words.key, made);
    if (!made.newWords) return null;
    template = made;
  }
  // Loader data that is not JSON, or a preview that fails to render: the page is rendered as before.
  try {
    const markup = assembleNewWordsMarkup(template, words.page.root, words.words, nonce);
    if (!markup) return null;
    markup.push(Buffer.from(hydrationScripts(words.context.staticHandlerContext.loaderData, words.page.root, nonce)));
    return new Uint8Array(Buffer.concat(markup));
  } catch {
    return null;
  }
}

/** Faces standing in for `faces` in a template, and the gno each stands for (null: the record of them). */
type StandIns = { faces: Record<string, PreviewFace>; gnoOf: Map<unknown, string | null> };

function standInFaces(faces: Record<string, PreviewFace>): StandIns {
  const standIns: Record<string, PreviewFace> = {};
  const gnoOf = new Map<unknown, string | null>([[standIns, null]]);
  for (const gno of Object.keys(faces)) {
    const face = { gno, familyName: `\uE030${gno}`, woffPath: `/\uE031${gno}`, ttfPath: `/\uE032${gno}`, missing: [] };
    standIns[gno] = face;
    gnoOf.set(face, gno);
  }
  return { faces: standIns, gnoOf };
}

/** The loader data a template of the page is rendered with, but the root's: the words and faces stood in for. */
function templateLoaderData(words: NewWordsPage, faces: Record<string, PreviewFace>): Record<string, unknown> {
  const loaderData = words.context.staticHandlerContext.loaderData;
  return {
    ...loaderData,
    root: undefined,
    [words.routeId]: words.route.withWords(loaderData[words.routeId], WORDS, faces),
  };
}

/**
 * The template of a page of new words, its markup checked against Remix's render of PROBE_WORDS;
 * a refusal (a template without `newWords`) when they differ; null when a render failed.
 */
async function renderNewWordsTemplate(words: NewWordsPage, data: string): Promise<VisitorPageTemplate | null> {
  const { context, page } = words;
  const location = context.staticHandlerContext.location;
  const standIns = standInFaces(words.words.faces);
  const pickers: VisitorPartPickers = { parts: [], values: [] };
  const previews: ReactElement[] = [];
  const probeAsked = new URL(`http://localhost/?${encodeURIComponent(PROBE_WORDS)}`).search.slice(1);
  const probe: AnswerWords = { text: PROBE_WORDS, faces: words.words.faces, asked: probeAsked };
  const loaderData = context.staticHandlerContext.loaderData;
  let html: string;
  let probeHtml: string;
  try {
    html = await renderPageToText(
      context,
      { ...templateLoaderData(words, standIns.faces), root: { ...page.root, ...NEUTRAL_VISITOR } },
      { ...location, search: words.searchWith(ASKED_SENT) },
      (markup) => (
        <VisitorPartsTemplateContext.Provider value={visitorPartsTemplate(pickers)}>
          <PreviewPartsTemplateContext.Provider
            value={{
              part: (element) => {
                const index = previews.push(element) - 1;
                return createElement("preview-part", { "data-i": index });
              },
            }}
          >
            {markup}
          </PreviewPartsTemplateContext.Provider>
        </VisitorPartsTemplateContext.Provider>
      ),
    );
    probeHtml = await renderPageToText(
      context,
      { ...loaderData, [words.routeId]: words.route.withWords(loaderData[words.routeId], probe.text, probe.faces) },
      { ...location, search: words.searchWith(probeAsked) },
    );
  } catch {
    return null;
  }
  const pieces = parseTemplate(html, holeMarks(previews.length));
  if (!pieces) return null;
  const expiresAt = Date.now() + NEW_WORDS_TEMPLATE_SECONDS * 1000;
  const template: VisitorPageTemplate = {
    pieces,
    pickers,
    sharedRoot: sharedRootFields(page.root),
    hydrationStart: [],
    rootIndex: 0,
    headers: page.headers,
    fontVisit: null,
    expiresAt,
    bytes: 1024 + piecesBytes(pieces) + data.length * 2 + previews.length * 512,
    newWords: { data, previews, standIns: standIns.gnoOf },
  };
  if (filledAs(template, page.root, probe) === probeHtml) return template;
  console.warn(`新词页模板与直接渲染的页面不一致，这个地址的新词页照常渲染：${words.key.slice("words:".length)}`);
  return { ...template, pieces: [], newWords: undefined, bytes: 1024 };
}

/** The template's markup with these words and NONCE_MARK, or null when it cannot be filled. */
function filledAs(template: VisitorPageTemplate, root: TemplatePage["root"], words: AnswerWords): string | null {
  try {
    const filled = assembleNewWordsMarkup(template, root, words, NONCE_MARK);
    return filled && Buffer.concat(filled).toString();
  } catch {
    return null;
  }
}

/** A template's markup with these words: each hole in the form it marks, each preview rendered with them. */
function assembleNewWordsMarkup(
  template: VisitorPageTemplate,
  root: TemplatePage["root"],
  words: AnswerWords,
  nonce: string,
): Buffer[] | null {
  const { previews, standIns } = template.newWords!;
  const forms: Record<WordsForm, string> = {
    words: words.text,
    wordsInQuery: formEncoded(words.text),
    asked: words.asked,
    askedInParam: encodeURIComponent(words.asked),
  };
  const withWords = (value: unknown): unknown => {
    if (typeof value === "string") return value.replaceAll(WORDS, words.text);
    if (standIns.has(value)) {
      const gno = standIns.get(value);
      return gno === null || gno === undefined ? words.faces : words.faces[gno];
    }
    if (Array.isArray(value)) return value.map(withWords);
    if (isValidElement(value)) return cloneElement(value, withWords(value.props) as object);
    if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
      return Object.fromEntries(Object.entries(value).map(([name, field]) => [name, withWords(field)]));
    }
    return value;
  };
  return assembleMarkup(template, root, nonce, (hole) => {
    if (hole.hole === "preview") {
      const element = withWords(previews[hole.index!]) as ReactElement;
      return Buffer.from(renderToString(<NonceProvider nonce={nonce}>{element}</NonceProvider>));
    }
    return Buffer.from(escapeText(forms[hole.hole as WordsForm]));
  });
}
