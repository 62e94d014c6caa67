/**
 * A whole page for an answer the site's own pages cannot give (a refused request, a render that
 * ran out of time): Chinese, in the site's colours, readable without JavaScript or stylesheets
 * from elsewhere. Its one `<style>` carries the response's CSP nonce when there is one.
 */
export function statusPage(options: {
  status: number;
  message: string;
  detail?: string;
  nonce?: string;
  /** Where the page's one link leads: the home page unless the refused request has a better place. */
  back?: { href: string; label: string };
}): string {
  const { status, message, detail, nonce, back = { href: "/", label: "返回首页" } } = options;
  const style = `body{margin:0;min-height:100vh;display:grid;place-items:center;background:#f6f7f9;color:#15171c;font:16px/1.6 system-ui,"PingFang SC","Microsoft YaHei","Noto Sans CJK SC",sans-serif}
main{max-width:28rem;margin:1.5rem;padding:2rem;background:#fff;border:1px solid #e7e9ee;border-radius:14px;box-shadow:0 8px 24px rgba(16,24,40,.07);text-align:center}
.code{margin:0;color:#d6173f;font-weight:700;letter-spacing:.1em}h1{margin:.25rem 0 .75rem;font-size:1.375rem}p{margin:0 0 1rem;color:#565d6b}
a{display:inline-block;padding:.5rem 1.25rem;border-radius:999px;background:#d6173f;color:#fff;text-decoration:none}a:hover{background:#b01233}`;
  return `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${status} ${escapeHtml(message)} - 短视频字体</title>
<style${nonce ? ` nonce="${escapeHtml(nonce)}"` : ""}>${style}</style></head>
<body><main><p class="code">${status}</p><h1>${escapeHtml(message)}</h1>${detail ? `<p>${escapeHtml(detail)}</p>` : ""}<a href="${escapeHtml(back.href)}">${escapeHtml(back.label)}</a></main></body>
</html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
