// Layer: renderer (pure module). The views the shell can show, in tab order;
// each lives in its own folder under views/ and has a stable nav hook
// [data-testid="nav-<id>"].

export const VIEWS = [{ id: 'inspect', label: 'Inspect', title: 'one run, dialogue by dialogue, turn by turn' }] as const;

export type ViewId = (typeof VIEWS)[number]['id'];
