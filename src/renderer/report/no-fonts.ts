// Layer: renderer. Stands in for viz/fonts.ts in the HTML report's bundle: the
// report writes @font-face rules for the scene fonts itself, as subsets of the
// characters it holds, instead of shipping the whole TTF files.
export function loadSceneFonts(): void {}
