// The app's settings file (src/main/services/app-settings.ts): the annotator
// name kept across starts; an unreadable file means the defaults.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { AppSettings } from '../../../../src/main/services/app-settings';

const root = mkdtempSync(join(tmpdir(), 'app-settings-'));

describe('app settings', () => {
  it('the app keeps the name in its settings file; an unreadable file means the defaults', () => {
    const f = join(root, 'settings.json');
    const s = new AppSettings(f);
    expect(s.annotator).toBeUndefined();
    s.setAnnotator('carol');
    expect(new AppSettings(f).annotator).toBe('carol');
    writeFileSync(f, '{not json');
    expect(new AppSettings(f).annotator).toBeUndefined();
  });
});
