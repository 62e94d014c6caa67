/**
 * An article body already rendered from Markdown on the server (`renderMarkdown`, which escapes any
 * raw HTML and refuses unsafe links), so it can be inserted as it is.
 */
export function Prose({ html, className }: { html: string; className?: string }) {
  return <div className={className ? `prose ${className}` : "prose"} dangerouslySetInnerHTML={{ __html: html }} />;
}
