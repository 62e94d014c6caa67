/**
 * A catalogued font whose file is not on disk: the database and the storage disagree, which only an
 * operator can fix, so each occurrence is logged as one line naming the font and where its file should be.
 */
export function logMissingFontFile(gno: string, location: string): void {
  console.error(`字体 ${gno} 的文件缺失：${location}`);
}
