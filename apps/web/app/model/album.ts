/** Album status text (R-CONTENT-2): total 0 → updating; status 0 → updated to N; else finished, N in all. */
export function albumStatusText(albumStatus: { status: number; total: number } | null): string {
  if (!albumStatus || albumStatus.total === 0) return "更新中";
  if (albumStatus.status === 0) return `已更新至${albumStatus.total}集`;
  return `已完结，共${albumStatus.total}集`;
}
