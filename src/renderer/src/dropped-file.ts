// Layer: renderer. The local path of a file dropped on the window. Only the
// Electron preload can tell it (`window.dstFiles`, webUtils.getPathForFile);
// in a browser there is no path and dropping does nothing.

export function droppedFilePath(file: File): string | null {
  try {
    const p = window.dstFiles?.pathForFile(file);
    return p ? p : null;
  } catch {
    return null;
  }
}
