// Layer: renderer. Monaco for the playground, loaded lazily with the editor:
// the bundled editor (monaco/setup), the models of the two sides (kept
// alive across view switches, so their undo history survives), and the JSON
// schema with validation switched on while a playground editor is open
// (validation is global to Monaco's JSON mode; the raw and error views,
// which show excerpts, are never open at the same time and want it off).

import { monaco } from '../../monaco/setup';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
import { suggestAt } from '../../../../shared/playground/suggest';
import { PLAYGROUND_SCHEMA, SCHEMA_URI } from './schema';
import type { Side } from './store';

export { monaco };

export function modelUri(side: Side): monaco.Uri {
  return monaco.Uri.parse(`inmemory://dst-inspector/playground-${side}.json`);
}

/** The side's model: the one it had (with its undo history), or a new one holding `text`. */
export function sideModel(side: Side, text: string): monaco.editor.ITextModel {
  const uri = modelUri(side);
  const m = monaco.editor.getModel(uri);
  if (m && !m.isDisposed()) return m;
  const model = monaco.editor.createModel(text, 'json', uri);
  model.updateOptions({ tabSize: 2, insertSpaces: true });
  return model;
}

function isPlaygroundModel(model: monaco.editor.ITextModel): boolean {
  const u = model.uri.toString();
  return u === modelUri('A').toString() || u === modelUri('B').toString();
}

let suggesting = false;

/** Completion from the dialogue itself (values this slot takes elsewhere, gold first), beside the schema's. */
function registerSuggestions(): void {
  if (suggesting) return;
  suggesting = true;
  monaco.languages.registerCompletionItemProvider('json', {
    triggerCharacters: ['"'],
    provideCompletionItems(model, position) {
      if (!isPlaygroundModel(model)) return { suggestions: [] };
      const s = suggestAt(model.getValue(), model.getOffsetAt(position));
      if (!s) return { suggestions: [] };
      let range = new monaco.Range(position.lineNumber, position.column, position.lineNumber, position.column);
      if (s.replace) {
        const a = model.getPositionAt(s.replace.offset);
        const b = model.getPositionAt(s.replace.offset + s.replace.length);
        range = new monaco.Range(a.lineNumber, a.column, b.lineNumber, b.column);
      }
      return {
        suggestions: s.items.map((it, i) => ({
          label: { label: it.label, description: it.detail },
          kind: monaco.languages.CompletionItemKind.Value,
          detail: it.detail,
          insertText: it.insert,
          filterText: it.insert,
          range,
          sortText: `0${it.rank}${String(i).padStart(4, '0')}`,
        })),
      };
    },
  });
}

let users = 0;

/** Switches schema validation on for the playground's models; the returned function switches it off again. */
export function enableSchema(): () => void {
  users++;
  registerSuggestions();
  if (users === 1) {
    jsonDefaults.setDiagnosticsOptions({
      ...jsonDefaults.diagnosticsOptions,
      validate: true,
      allowComments: false,
      enableSchemaRequest: false,
      schemaValidation: 'warning',
      schemas: [{ uri: SCHEMA_URI, fileMatch: [modelUri('A').toString(), modelUri('B').toString()], schema: PLAYGROUND_SCHEMA }],
    });
  }
  let released = false;
  return () => {
    if (released) return;
    released = true;
    users--;
    if (users === 0) jsonDefaults.setDiagnosticsOptions({ ...jsonDefaults.diagnosticsOptions, validate: false, schemas: [] });
  };
}
