// Layer: renderer (React component). One side's Monaco editor: the dialogue's
// JSON, editable, with the loader's error as a marker at its place and the
// JSON schema's completion and validation. Every change (typing, undo, a
// quick edit, a template) goes through the model, whose content event reports
// the text; changes made from outside are undoable edits.

import { forwardRef, useEffect, useImperativeHandle, useRef, useState } from 'react';
import { findNodeAtLocation, getLocation, parseTree } from 'jsonc-parser';
import type { PlaygroundDiagnostic } from '../../../../shared/playground/evaluate';
import type { TextEdit } from '../../../../shared/playground/quick-edit';
import type { Side } from './store';
import { monacoTheme, useFollowPageTheme } from '../../monaco/theme';

type Mod = typeof import('./monaco-playground');
type Editor = import('monaco-editor/editor/editor.api').editor.IStandaloneCodeEditor;

export interface EditorHandle {
  /** Applies replacements of the current text as one undoable edit; returns the text after it (null without an editor). */
  applyEdits(edits: readonly TextEdit[]): string | null;
  /** Replaces the whole text, undoably. */
  replaceAll(text: string): void;
  /**
   * Undoes the model's last edit without taking the focus (a chip or a button
   * that asked keeps it); returns the text after it (null without an editor).
   */
  undo(): string | null;
  /** Scrolls to turn `index` and puts the cursor on its key (without taking the focus). */
  revealTurn(index: number): void;
  focus(): void;
}

interface Props {
  side: Side;
  /** The text a new model starts with (the store's). */
  initialText: string;
  diagnostic: PlaygroundDiagnostic | null;
  /** Warnings with a place (slot names that are not MultiWOZ slots). */
  notes: readonly PlaygroundDiagnostic[];
  onText: (text: string) => void;
  /** The turn the cursor is in (its index), when it moves there. */
  onCursorTurn: (index: number) => void;
  /** The editor is ready (a pending dialogue can be loaded into it). */
  onReady: () => void;
}

let loading: Promise<Mod> | null = null;
function load(): Promise<Mod> {
  loading ??= import('./monaco-playground');
  return loading;
}

export const PlaygroundEditor = forwardRef<EditorHandle, Props>(function PlaygroundEditor(
  { side, initialText, diagnostic, notes, onText, onCursorTurn, onReady },
  ref,
) {
  const host = useRef<HTMLDivElement>(null);
  const [ed, setEd] = useState<{ editor: Editor; mod: Mod } | null>(null);
  const [failed, setFailed] = useState<string | null>(null);
  const props = useRef({ onText, onCursorTurn, onReady, initialText });
  useEffect(() => {
    props.current = { onText, onCursorTurn, onReady, initialText };
  });

  useEffect(() => {
    let disposed = false;
    let cleanup: (() => void) | null = null;
    load().then(
      (mod) => {
        if (disposed || !host.current) return;
        const release = mod.enableSchema();
        const model = mod.sideModel(side, props.current.initialText);
        if (model.getValue() !== props.current.initialText) model.setValue(props.current.initialText);
        const editor = mod.monaco.editor.create(host.current, {
          model,
          automaticLayout: true,
          minimap: { enabled: false },
          scrollBeyondLastLine: false,
          fontSize: 12,
          tabSize: 2,
          fixedOverflowWidgets: true,
          quickSuggestions: { other: true, strings: true, comments: false },
          // A quote typed over a selection replaces it (no quotes wrapped around it): selecting `"no"` and typing
          // `"yes"` gives `"yes"`, not `"yes""`. Brackets still surround; a quote typed in an empty place still
          // closes itself, and typing the closing one steps over it.
          autoSurround: 'brackets',
          renderValidationDecorations: 'on',
          ariaLabel: `dialogue ${side} as JSON (FGA/GCA per-turn layout)`,
          theme: monacoTheme(),
        });
        const subs = [
          model.onDidChangeContent(() => props.current.onText(model.getValue())),
          editor.onDidChangeCursorPosition((e) => {
            const loc = getLocation(model.getValue(), model.getOffsetAt(e.position));
            const key = loc.path[0];
            if (typeof key === 'string' && /^[0-9]+$/.test(key)) props.current.onCursorTurn(Number(key));
          }),
        ];
        cleanup = () => {
          subs.forEach((s) => s.dispose());
          editor.dispose(); // the model stays, with its undo history
          release();
        };
        setEd({ editor, mod });
      },
      (e: unknown) => setFailed(e instanceof Error ? e.message : String(e)),
    );
    return () => {
      disposed = true;
      cleanup?.();
    };
  }, [side]);

  useEffect(() => {
    if (ed) props.current.onReady();
  }, [ed]);

  useFollowPageTheme(ed ? ed.mod.monaco.editor : null);

  // The loader's error, where it is, and the warnings with a place.
  useEffect(() => {
    if (!ed) return;
    const model = ed.editor.getModel();
    if (!model) return;
    const { monaco } = ed.mod;
    monaco.editor.setModelMarkers(
      model,
      'dst-inspector',
      diagnostic
        ? [
            {
              severity: monaco.MarkerSeverity.Error,
              message: diagnostic.message,
              source: 'as the CLI reads it',
              startLineNumber: diagnostic.startLine,
              startColumn: diagnostic.startColumn,
              endLineNumber: diagnostic.endLine,
              endColumn: diagnostic.endColumn,
            },
          ]
        : [],
    );
    monaco.editor.setModelMarkers(
      model,
      'dst-inspector.notes',
      notes.map((n) => ({
        severity: monaco.MarkerSeverity.Warning,
        message: n.message,
        source: 'dst-inspector',
        startLineNumber: n.startLine,
        startColumn: n.startColumn,
        endLineNumber: n.endLine,
        endColumn: n.endColumn,
      })),
    );
  }, [ed, diagnostic, notes]);

  useImperativeHandle(
    ref,
    () => ({
      applyEdits(edits) {
        const model = ed?.editor.getModel();
        if (!ed || !model) return null;
        if (edits.length === 0) return model.getValue();
        const { monaco } = ed.mod;
        const ops = edits.map((e) => {
          const a = model.getPositionAt(e.offset);
          const b = model.getPositionAt(e.offset + e.length);
          return { range: new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column), text: e.text, forceMoveMarkers: true };
        });
        ed.editor.pushUndoStop();
        ed.editor.executeEdits('playground-quick-edit', ops);
        ed.editor.pushUndoStop();
        return model.getValue();
      },
      replaceAll(text) {
        if (!ed) return;
        const model = ed.editor.getModel();
        if (!model || model.getValue() === text) return;
        ed.editor.pushUndoStop();
        ed.editor.executeEdits('playground-load', [{ range: model.getFullModelRange(), text }]);
        ed.editor.pushUndoStop();
        ed.editor.setScrollTop(0);
      },
      undo() {
        // The model's own undo (what the editor's undo command runs, selection restored): the command, triggered
        // while the editor has no focus, would first focus the editor, and the next key would go into the JSON.
        const model = ed?.editor.getModel();
        if (!model) return null;
        void model.undo();
        return model.getValue();
      },
      revealTurn(index) {
        if (!ed) return;
        const model = ed.editor.getModel();
        if (!model) return;
        const tree = parseTree(model.getValue());
        const node = tree ? findNodeAtLocation(tree, [String(index)]) : undefined;
        const at = node?.parent?.type === 'property' ? node.parent.offset : node?.offset;
        if (at === undefined) return;
        const p = model.getPositionAt(at);
        ed.editor.revealLineNearTop(p.lineNumber);
        ed.editor.setPosition(p);
      },
      focus() {
        ed?.editor.focus();
      },
    }),
    [ed],
  );

  if (failed) return <p className="error">The editor could not load: {failed}</p>;
  return (
    <div ref={host} className="playground-monaco" data-testid="playground-editor" data-side={side} data-ready={ed ? 'true' : 'false'} />
  );
});
