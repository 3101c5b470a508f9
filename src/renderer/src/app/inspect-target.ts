// Layer: renderer (pure module). A request to show something in the inspect
// view — a dialogue and turn, or a list search — made by another view (the
// analysis view's root causes and per-slot counts) just before it switches
// to the inspect view, which takes the request when it mounts.

export interface InspectTarget {
  /** Dialogue id to select. */
  dialogue?: string;
  /** Position of the turn in the dialogue (0-based). */
  position?: number;
  /** The turn by its index in the file (a flip link): its position is looked up once the dialogue is shown. */
  turnIndex?: number;
  /** Search to put in the list's search box (e.g. "missed:train-leaveat"). */
  search?: string;
  /** Domain to filter the list by. */
  domain?: string;
}

let pending: InspectTarget | null = null;

export function requestInspect(target: InspectTarget): void {
  pending = target;
}

/** The pending request, once: the next call returns null. */
export function takeInspectTarget(): InspectTarget | null {
  const t = pending;
  pending = null;
  return t;
}
