// Layer: renderer (React component). Export of the correction diff: digits
// pick the format (1 JSON Lines, 2 CSV, 3 diff), the text is shown, and
// Enter downloads it (a file named after the annotation file).

import { useEffect, useRef, useState } from 'react';
import { EXPORT_FORMATS, type ExportFormat } from '../../../../../shared/annotations/export';
import { errorText, useApiQuery } from '../../../app/queries';
import { Modal } from '../../../components/Modal';

interface Props {
  runRef: { run: string; rev: number };
  version: number;
  includeSuspected: boolean;
  onClose: () => void;
}

const LABEL: Record<ExportFormat, string> = { jsonl: 'JSON Lines', csv: 'CSV', diff: 'diff' };

export function ExportDialog({ runRef, version, includeSuspected, onClose }: Props) {
  const [format, setFormat] = useState<ExportFormat>('diff');
  const q = useApiQuery('exportCorrections', { ...runRef, format, includeSuspected }, { key: String(version), keepPrevious: true });
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => root.current?.focus(), []);
  const download = () => {
    if (!q.data) return;
    const url = URL.createObjectURL(new Blob([q.data.text], { type: q.data.mime }));
    const a = document.createElement('a');
    a.href = url;
    a.download = q.data.filename;
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  };
  const onKeyDown = (e: React.KeyboardEvent) => {
    const k = Number(e.key);
    if (k >= 1 && k <= EXPORT_FORMATS.length) {
      e.preventDefault();
      setFormat(EXPORT_FORMATS[k - 1]);
    } else if (e.key === 'Enter' && !(e.target instanceof HTMLButtonElement)) {
      e.preventDefault();
      download();
    }
    e.stopPropagation();
  };
  return (
    <Modal title="Export the correction diff" onClose={onClose} testId="export-dialog">
      <div ref={root} tabIndex={-1} className="export-dialog" onKeyDown={onKeyDown}>
        <p role="radiogroup" aria-label="format">
          {EXPORT_FORMATS.map((f, k) => (
            <label key={f}>
              <input
                type="radio"
                name="export-format"
                checked={format === f}
                onChange={() => setFormat(f)}
                data-testid={`export-format-${f}`}
              />{' '}
              <kbd>{k + 1}</kbd> {LABEL[f]}
            </label>
          ))}
        </p>
        <p className="export-note">
          One row per turn a {includeSuspected ? 'confirmed or suspected' : 'confirmed'} correction changes
          {q.data ? ` (${q.data.rows} row${q.data.rows === 1 ? '' : 's'})` : ''}.
        </p>
        {q.error && <p className="error">{errorText(q.error)}</p>}
        <pre className="export-preview" data-testid="export-preview" data-format={format}>
          {q.data?.text ?? 'loading…'}
        </pre>
        <p className="form-actions">
          <button onClick={download} disabled={!q.data} data-testid="export-download">
            Download {q.data?.filename} <kbd>Enter</kbd>
          </button>
          <button onClick={onClose}>
            Close <kbd>Esc</kbd>
          </button>
        </p>
      </div>
    </Modal>
  );
}
