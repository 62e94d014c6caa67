import type { LoaderFunctionArgs } from "@remix-run/node";
import { isApiError } from "~/services/api-client.server";
import { readCompareList } from "~/services/compare/compare-cookie.server";
import { loadCatalogueFonts, loadLabelFont, subsetFonts } from "~/services/compare/compare-fonts.server";
import { buildComparePdf, formatPdfDate, pdfLabelText, PDF_TITLE } from "~/services/compare/compare-pdf.server";
import { COMPARE_MAX } from "~/services/compare/compare-list";
import { parsePdfCompareQuery } from "~/services/compare/compare-view";
import { SubsetUnavailableError } from "~/services/subset.server";
import { statusPage } from "~/utils/status-page";

/**
 * GET /pdf/compare?gno=10001&gno=10005&text=… — the comparison as an A4 PDF, each font embedded as
 * the subset the subset service makes for the text. Without `gno` the visitor's list (its cookie)
 * is exported. Refusals are short Chinese pages with their 4xx status.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const refused = (status: number, message: string) => refusal(status, message, context.cspNonce);
  const parsed = parsePdfCompareQuery(new URL(request.url).searchParams);
  if (!parsed.ok) return refused(parsed.status, parsed.message);
  const gnos = parsed.request.gnos ?? readCompareList(request);
  if (gnos.length === 0) {
    return refused(400, `对比列表是空的：先在字体列表或字体详情页点“加入对比”（最多 ${COMPARE_MAX} 款），再导出 PDF。`);
  }
  const caller = { request, context };
  try {
    const { fonts, unknown } = await loadCatalogueFonts(caller, gnos);
    if (unknown.length > 0) return refused(404, `字体 ${unknown.join("、")} 不存在。`);
    const createdAt = new Date();
    const subsets = await subsetFonts(caller, fonts, parsed.request.text);
    const pdfFonts = subsets.map((font) => ({
      gno: font.gno,
      fontName: font.fontName,
      license: font.license,
      sfnt: font.sfnt,
      covered: font.covered,
    }));
    const base = { text: parsed.request.text, fonts: pdfFonts, createdAt };
    const labelFont = await loadLabelFont(caller, pdfLabelText(base));
    const pdf = await buildComparePdf({ ...base, labelFont });
    const fileName = `${PDF_TITLE}-${formatPdfDate(createdAt)}.pdf`;
    return new Response(new Uint8Array(pdf), {
      headers: {
        "Content-Type": "application/pdf",
        "Content-Length": String(pdf.byteLength),
        "Content-Disposition": `attachment; filename="compare.pdf"; filename*=UTF-8''${encodeURIComponent(fileName)}`,
        "Cache-Control": "private, no-store",
      },
    });
  } catch (error) {
    return failure(error, refused);
  }
}

function failure(error: unknown, refuse: (status: number, message: string) => Response): Response {
  if (isApiError(error)) {
    if (error.status === 429) return refuse(429, "请求太频繁，请稍后再导出。");
    if (error.status >= 400 && error.status < 500) return refuse(400, error.message);
    return refuse(503, "字体服务暂时不可用，请稍后再导出。");
  }
  if (error instanceof SubsetUnavailableError) return refuse(503, `${error.message}，请稍后再导出。`);
  if (error instanceof Response) return refuse(502, "字体服务的应答不正确，请稍后再导出。");
  console.error("[compare] PDF 生成失败", error);
  return refuse(503, "PDF 暂时无法生成，请稍后再试。");
}

/** A page of its own: a resource route has no layout to render an error boundary in. */
function refusal(status: number, message: string, nonce: string | undefined): Response {
  const html = statusPage({
    status,
    message: "无法导出对比 PDF",
    detail: message,
    nonce,
    back: { href: "/user/compare", label: "返回字体对比" },
  });
  return new Response(html, {
    status,
    headers: { "Content-Type": "text/html; charset=utf-8", "Cache-Control": "no-store" },
  });
}
