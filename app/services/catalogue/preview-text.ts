/**
 * The text a preview shows until the visitor types their own, and how long theirs may be. Apart
 * from the query rules (`font-query.ts`), so pages that only show previews do not load the parser.
 */
export const DEFAULT_PREVIEW_TEXT = "点赞关注不迷路";
export const LIST_TEXT_MAX = 100;
export const TESTER_TEXT_MAX = 200;
