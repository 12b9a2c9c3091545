export { csvField, toCsv, type CsvValue } from '@/lib/domain/csv';

/** Offers `text` as a file download (browser only). */
export function downloadCsv(filename: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: Chromium reads the blob after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
