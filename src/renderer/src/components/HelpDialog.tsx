// Layer: renderer (React component). The "?" help: keyboard shortcuts and
// what the colours mean.

import { SHORTCUTS } from '../model/keyboard';
import { Modal } from './Modal';
import { ColourLegend } from './ColourLegend';

export function HelpDialog({ onClose }: { onClose: () => void }) {
  return (
    <Modal title="Keyboard shortcuts" onClose={onClose} testId="help-dialog">
      <table className="shortcuts">
        <tbody>
          {SHORTCUTS.map((s) => (
            <tr key={s.action}>
              <td>
                <kbd>{s.keys}</kbd>
              </td>
              <td>{s.help}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <p>Tab moves between the list, the turns and the panel; in the list, ↑/↓ move and Enter opens.</p>
      <p>
        Search (<kbd>/</kbd>): words must all appear in a dialogue's id, utterances, slot names or values; a word <code>class:slot</code>{' '}
        keeps dialogues with a turn where a slot matching <code>slot</code> has that class, e.g. <code>missed:train-leaveat</code> or{' '}
        <code>wrong:name</code> (classes: correct, wrong, missed, overshot). Quote a name with a space: <code>wrong:"hotel-book stay"</code>{' '}
        (or <code>'…'</code>, or <code>\ </code> before the space); the file's own spelling works too (<code>wrong:book_stay</code>). A slot
        named in full keeps that slot only; a part of a name, every slot containing it. With confidences, <code>confident-wrong:0.9</code>{' '}
        keeps dialogues with a wrong pair at confidence ≥ 0.9 (and the sort “confident but wrong” puts the most confident mistakes first).
      </p>
      <p>
        Playground: focus a slot chip, then <kbd>c</kbd> correct, <kbd>w</kbd> wrong, <kbd>m</kbd> missed, <kbd>o</kbd> overshot at that
        turn; with <kbd>Shift</kbd> from that turn on.
      </p>
      <ColourLegend />
    </Modal>
  );
}
