/**
 * Every page route also answers with a `.html` suffix (`/font/12.html` is `/font/12`).
 * The server strips the suffix before routing; the browser strips it from its address bar before
 * hydrating, so that the client router sees the same route the server rendered.
 */
export function stripHtmlSuffix(url: string): string {
  const queryAt = url.search(/[?#]/);
  const pathname = queryAt === -1 ? url : url.slice(0, queryAt);
  const rest = queryAt === -1 ? "" : url.slice(queryAt);
  if (!pathname.endsWith(".html") || pathname.startsWith("/build/")) return url;
  const bare = pathname.slice(0, -".html".length);
  return `${bare === "/index" || bare === "" ? "/" : bare}${rest}`;
}
