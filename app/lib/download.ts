// Saves text as a file the browser downloads (exports, collections, the OpenAPI
// document): one anchor click on a blob URL, freed once the download has it.
export function downloadText(text: string, filename: string, type = "application/json"): void {
  downloadBlob(new Blob([text], { type }), filename);
}

/** Saves bytes already in a Blob (an export, a large answer as it came), without reading them into the page. */
export function downloadBlob(blob: Blob, filename: string): void {
  const url = URL.createObjectURL(blob);
  const link = Object.assign(document.createElement("a"), { href: url, download: filename });
  document.body.append(link);
  link.click();
  link.remove();
  // The click has handed the blob to the download; a later tick frees it.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
