import { FONT_GNO_PATTERN } from "@contract/catalogue-values";
import { data, type LoaderFunctionArgs } from "@remix-run/node";
import { specimenBigChars, specimenText } from "~/components/catalogue/font-specimen";
import { isApiError } from "~/services/api-client.server";
import { getDownloadFiles, getFont } from "~/services/catalogue.server";
import { listVideos } from "~/services/content.server";
import { loadPreviewFaces } from "~/services/subset.server";
import { familyWeights, withoutFamily } from "~/utils/catalogue/fonts";
import { parseTesterQuery } from "~/utils/catalogue/font-query";
import { DEFAULT_PREVIEW_TEXT } from "~/utils/catalogue/preview-text";
import { FACES_PARAM } from "~/utils/live-faces";
import { anonymousFontPageHeaders } from "~/utils/page-cache";
import { notFound } from "~/utils/responses.server";

// The font page's loader, kept out of the route module: a route module importing `*.server` modules
// leaves one empty chunk per module in the browser build, fetched on every first load.

/** How many of the videos showing the font its page lists. */
const FONT_VIDEO_COUNT = 6;

/** The route's check: the id must be digits. */
function isValidFontId(id: string | undefined): id is string {
  return typeof id === "string" && FONT_GNO_PATTERN.test(id);
}

export async function loader({ request, params, context }: LoaderFunctionArgs) {
  if (!isValidFontId(params.id)) throw notFound();
  const caller = { request, context };
  const id = params.id;
  const url = new URL(request.url);
  const { query: tester, notice } = parseTesterQuery(url.searchParams);
  // The live type tester's request for new faces counts no view.
  const facesOnly = url.searchParams.get(FACES_PARAM) === "1";

  const [font, download] = await Promise.all([
    getFont(caller, id, { countView: !facesOnly }).catch((error: unknown) => {
      if (isApiError(error) && (error.status === 404 || error.status === 400)) throw notFound();
      throw error;
    }),
    facesOnly
      ? null
      : getDownloadFiles(caller, id).catch((error: unknown) => {
          if (!isApiError(error)) throw error;
          return null;
        }),
  ]);

  // The videos are an extra: when the backend refuses the list, the page shows without it.
  const videos = facesOnly
    ? []
    : await listVideos(caller, { fontGNo: font.fontGNo, size: FONT_VIDEO_COUNT }).then(
        (page) => page.records,
        (error: unknown) => {
          if (!isApiError(error)) throw error;
          return [];
        },
      );

  const previewText = tester.text || `${font.familyName} ${DEFAULT_PREVIEW_TEXT}`;
  const bigText = specimenBigChars(tester.text || font.familyName);
  const weights = familyWeights(font);
  const faces = await loadPreviewFaces(
    caller,
    weights.map((weight) => ({
      gno: weight.fontGNo,
      text:
        weight.fontGNo === font.fontGNo
          ? `${previewText}${font.familyName}${specimenText(bigText)}`
          : `${previewText}${weight.fontName}`,
    })),
    { maxChars: 1000, checkCoverage: true },
  );

  const page = {
    font: withoutFamily(font),
    weights,
    files: download?.files ?? [],
    videos,
    faces,
    tester,
    notice,
    previewText,
    bigText,
  };
  // Kept for visitors without cookies like the other public pages; each answer still counts a view.
  return facesOnly ? data(page) : data(page, { headers: anonymousFontPageHeaders(id) });
}
