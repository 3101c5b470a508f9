// Layer: renderer (React component). The first-run explanation shown above the
// demo's MUL1110: what the colours mean and what the GCA paper's figure 6
// shows with this dialogue. Dismissal is remembered.

import { ColourLegend } from './ColourLegend';
import { pct } from '../model/format';

/** The figure-6 dialogue's scores as the engine computed them under the current settings. */
export interface LandingScores {
  fga: number;
  gca: number;
  lambda: string;
}

export function ColourGuide({ onDismiss, landing }: { onDismiss: () => void; landing?: LandingScores }) {
  return (
    <section className="colour-guide" data-testid="colour-guide" aria-label="how to read this view">
      <header>
        <h2>How to read this view</h2>
        <button onClick={onDismiss} data-testid="dismiss-guide" aria-label="dismiss the explanation">
          Got it
        </button>
      </header>
      <p>
        Each turn lists the slots of the gold state ∪ the prediction. A chip&apos;s colour, icon and border tell what the model did; a fresh
        change is marked Δ, an error that is only carried over from an earlier turn is faded and marked ↻.
      </p>
      <ColourLegend />
      {landing && (
        <p data-testid="landing-explanation">
          <strong>MUL1110</strong> is the GCA paper&apos;s figure 6 (LREC-COLING 2024). The model gets only the hotel name right (turn 0);
          it misses the attraction type at turn 2, then mispredicts the attraction name and misses the area at turn 4. FGA (λ ={' '}
          {landing.lambda}) gives {pct(landing.fga)}: the correct first turns count again and again, the mistakes sit near the tail, and
          turns that only carry an old mistake are forgiven (type-2 errors, scored 1 − e<sup>−λd</sup>). GCA counts each change once — 1 of
          4 slots right — and gives {pct(landing.gca)}. Press <kbd>c</kbd> to see only each turn&apos;s changes, as GCA counts them.
        </p>
      )}
    </section>
  );
}
