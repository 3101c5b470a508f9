// Layer: renderer. Loads Monaco lean and offline: only the editor API and the
// JSON language, with both workers bundled by Vite (`?worker`), never a CDN.
// Imported lazily, so the editor's code loads only when a raw view opens.

import * as monaco from 'monaco-editor/editor/editor.api';
import { jsonDefaults } from 'monaco-editor/languages/features/json/register';
// The JSON mode is otherwise imported lazily when the first JSON model appears,
// and it brings the editor contributions (code lens, inlay hints, suggest …)
// whose services must be registered before the first editor is created.
import 'monaco-editor/languages/features/json/jsonMode';
import EditorWorker from 'monaco-editor/editor/editor.worker?worker';
import JsonWorker from 'monaco-editor/language/json/json.worker?worker';

self.MonacoEnvironment = {
  getWorker(_id: string, label: string) {
    return label === 'json' ? new JsonWorker() : new EditorWorker();
  },
};

// The loader's message is the authority on syntax errors; excerpts of a file
// are not valid JSON on their own, so the JSON worker must not add its own.
jsonDefaults.setDiagnosticsOptions({ validate: false });

export { monaco };
