/** How long the object URL of a saved file stays valid: revoking at once cancels some downloads. */
const REVOKE_AFTER_MS = 30_000;

/** Saves a blob as a file with the given name, through an object URL and `<a download>`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.appendChild(link);
  link.click();
  link.remove();
  window.setTimeout(() => URL.revokeObjectURL(url), REVOKE_AFTER_MS);
}
