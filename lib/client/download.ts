/** Offers `text` as a file download (browser only): an export, a list of recovery codes. */
export function downloadText(filename: string, text: string, type = 'text/plain;charset=utf-8'): void {
  const url = URL.createObjectURL(new Blob([text], { type }));
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoked later: Chromium reads the blob after the click handler returns.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
