/** Saves a downloaded blob under name through a temporary link (the browser's download). */
export function saveBlob(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // revoke after the click has been handled
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
