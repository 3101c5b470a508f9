// Layer: shared (pure TS, no imports). The kinds of figure a dialogue can be
// exported as — apart from the layouts, so the API's schemas (bundled into the
// sandboxed preload) name them without pulling in d3.

export const FIGURE_KINDS = ['dialogue', 'turn-chart'] as const;
export type FigureKind = (typeof FIGURE_KINDS)[number];
