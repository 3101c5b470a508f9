// Layer: renderer (React component). A read-only Monaco editor showing some
// text, with a line revealed and highlighted, and optional error markers.
// Monaco itself is loaded on first use (dynamic import of monaco/setup).

import { useEffect, useRef, useState } from 'react';
import type * as Monaco from 'monaco-editor/editor/editor.api';
import { monacoTheme, useFollowPageTheme } from '../monaco/theme';

type MonacoNs = typeof Monaco;

export interface EditorMarker {
  line: number;
  column: number;
  message: string;
}

interface Props {
  text: string;
  language: 'json' | 'plaintext';
  revealLine?: number;
  marker?: EditorMarker;
  /** Line number shown for the text's first line. */
  firstLine?: number;
  label: string;
}

let loading: Promise<MonacoNs> | null = null;
function loadMonaco(): Promise<MonacoNs> {
  loading ??= import('../monaco/setup').then((m) => m.monaco);
  return loading;
}

export function MonacoView({ text, language, revealLine, marker, firstLine = 1, label }: Props) {
  const host = useRef<HTMLDivElement>(null);
  const [editor, setEditor] = useState<{ ed: Monaco.editor.IStandaloneCodeEditor; m: MonacoNs } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);

  useEffect(() => {
    let disposed = false;
    let ed: Monaco.editor.IStandaloneCodeEditor | null = null;
    loadMonaco().then(
      (m) => {
        if (disposed || !host.current) return;
        ed = m.editor.create(host.current, {
          value: '',
          language,
          readOnly: true,
          stickyScroll: { enabled: false }, // in a short pane it would cover the turn the view scrolled to
          automaticLayout: true,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          fontSize: 12,
          lineNumbers: firstLine === 1 ? 'on' : (n: number) => String(n + firstLine - 1),
          ariaLabel: label,
          renderValidationDecorations: 'on',
          theme: monacoTheme(),
        });
        setEditor({ ed, m });
      },
      (e: unknown) => setFailed(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      disposed = true;
      ed?.getModel()?.dispose();
      ed?.dispose();
    };
  }, [language, firstLine, label]);

  useFollowPageTheme(editor ? editor.m.editor : null);

  useEffect(() => {
    if (!editor) return;
    const { ed, m } = editor;
    const model = ed.getModel();
    if (!model) return;
    if (model.getValue() !== text) model.setValue(text);
    m.editor.setModelMarkers(
      model,
      'dst-inspector',
      marker
        ? [
            {
              severity: m.MarkerSeverity.Error,
              message: marker.message,
              startLineNumber: marker.line,
              startColumn: marker.column,
              endLineNumber: marker.line,
              endColumn: Math.max(marker.column + 1, model.getLineMaxColumn(Math.min(marker.line, model.getLineCount()))),
            },
          ]
        : [],
    );
    const line = marker?.line ?? revealLine;
    if (line && line <= model.getLineCount()) {
      ed.revealLineInCenter(line);
      ed.setSelection(new m.Selection(line, marker?.column ?? 1, line, marker?.column ?? 1));
    }
  }, [editor, text, revealLine, marker]);

  if (failed) return <pre className="monaco-fallback">{text}</pre>;
  return <div ref={host} className="monaco-host" data-testid="monaco" data-reveal-line={marker?.line ?? revealLine ?? ''} />;
}
