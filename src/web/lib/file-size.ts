/** File sizes as the upload forms show them (quote form and custom pin wizard). */

/**
 * A byte count as megabytes with two decimals, e.g. "0.25 MB" (spec section 10: "the
 * chosen file name and size in MB are shown"); a file under 0.01 MB reads "under 0.01 MB",
 * not "0.00 MB" (a buyer audit).
 */
export function formatMegabytes(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return mb > 0 && mb < 0.005 ? 'under 0.01 MB' : `${mb.toFixed(2)} MB`;
}
