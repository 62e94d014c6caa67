import MarkdownIt from "markdown-it";

/**
 * Article bodies are Markdown written by editors; this turns them into HTML that is safe to put in
 * the page as it is. Raw HTML in the source is escaped (never passed through), so no sanitiser is
 * needed; links and images may only point at this site, http(s) or mailto; headings start at h2
 * because the page's title is its only h1.
 */

const SCHEME = /^([a-z][a-z0-9+.-]*):/i;
const LINK_SCHEMES = new Set(["http", "https", "mailto"]);
const IMAGE_SCHEMES = new Set(["http", "https"]);
const EXTERNAL = /^(?:https?:)?\/\//i;

function isAllowedUrl(url: string, schemes: Set<string>, allowRelative: boolean): boolean {
  const value = url.trim();
  // A browser reads a backslash as `/` and skips control characters, which would hide a scheme or a host.
  if (!value || /[\u0000-\u001f\u007f\\]/.test(value) || value.startsWith("//")) return false;
  const scheme = SCHEME.exec(value)?.[1];
  if (scheme) return schemes.has(scheme.toLowerCase());
  return allowRelative || value.startsWith("/");
}

/** A URL a link may carry: http(s), mailto, or a path or anchor on this site. */
export function isSafeLink(url: string): boolean {
  return isAllowedUrl(url, LINK_SCHEMES, true);
}

/** An image's source: http(s) or an absolute path on this site. */
export function isSafeImage(url: string): boolean {
  return isAllowedUrl(url, IMAGE_SCHEMES, false);
}

function createRenderer(): MarkdownIt {
  const md = new MarkdownIt("default", { html: false, linkify: false, typographer: false, breaks: false });
  // Checked again per token below with the attribute's kind in mind; this keeps the parser from
  // turning an unsafe destination into a link at all.
  md.validateLink = (url) => isSafeLink(url) || isSafeImage(url);

  const renderToken = md.renderer.renderToken.bind(md.renderer);

  md.renderer.rules.heading_open = (tokens, index, options) => {
    const token = tokens[index]!;
    if (token.tag === "h1") token.tag = "h2";
    return renderToken(tokens, index, options);
  };
  md.renderer.rules.heading_close = (tokens, index, options) => {
    const token = tokens[index]!;
    if (token.tag === "h1") token.tag = "h2";
    return renderToken(tokens, index, options);
  };

  md.renderer.rules.link_open = (tokens, index, options) => {
    const token = tokens[index]!;
    const href = token.attrGet("href") ?? "";
    if (!isSafeLink(href)) token.attrSet("href", "#");
    else if (EXTERNAL.test(href)) {
      token.attrSet("rel", "nofollow noopener noreferrer");
      token.attrSet("target", "_blank");
    }
    return renderToken(tokens, index, options);
  };

  const renderImage = md.renderer.rules.image!;
  md.renderer.rules.image = (tokens, index, options, env, self) => {
    const token = tokens[index]!;
    const src = token.attrGet("src") ?? "";
    // An image from anywhere else is dropped, keeping its description as text.
    if (!isSafeImage(src)) return md.utils.escapeHtml(token.content);
    token.attrSet("loading", "lazy");
    token.attrSet("decoding", "async");
    return renderImage(tokens, index, options, env, self);
  };

  // Wide tables scroll inside their own box instead of widening the page on phones.
  md.renderer.rules.table_open = () => '<div class="prose__table"><table>\n';
  md.renderer.rules.table_close = () => "</table></div>\n";
  return md;
}

const renderer = createRenderer();

/** The HTML of a Markdown body, safe to insert with `dangerouslySetInnerHTML`. */
export function renderMarkdown(markdown: string): string {
  return renderer.render(markdown);
}
