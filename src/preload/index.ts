// Layer: preload. Exposes the typed API to the renderer (filled in with the UI).
export {};
