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
      <ColourLegend />
    </Modal>
  );
}
