/** A detail page's title and description: `<title> - <kind> - 短视频字体`, or the not-found title. */
export function contentDetailMeta(kind: string, item: { title: string; summary: string } | undefined) {
  if (!item) return [{ title: "页面不存在 - 短视频字体" }];
  return [{ title: `${item.title} - ${kind} - 短视频字体` }, { name: "description", content: item.summary }];
}
