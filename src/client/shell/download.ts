/** Saving a file the app already holds (a PDF shown, an export read, a CSV made here) under a name of ours. */

/** Saves what `url` points at (an object URL or a same-origin link) as `fileName`, through a temporary link. */
export function downloadUrl(url: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
}

/** Saves `blob` as `fileName`; its object URL is released once the browser has taken it. */
export function downloadBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  downloadUrl(url, fileName);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
