// Detection of the FGA/GCA per-turn layout when a turn object starts with
// other members ("user"/"system" texts, as the playground saves them, or
// metadata) before "gt"/"pr": still the FGA layout, scored the same.
import { describe, expect, it } from 'vitest';
import { detectLoader, loadCorpus } from '../../../../src/shared/formats/detect';
import { dialogueDetail } from '../../../../src/shared/metrics/evaluate';
import { defaultConfig } from '../../../../src/shared/metrics/config';

const enc = (s: string) => new TextEncoder().encode(s);
const turn = (lead: string) => `{"D1.json": {"0": {${lead}"gt": {"hotel": {"area": "north"}}, "pr": {"hotel": {"area": "south"}}}}}`;

describe('FGA layout detection', () => {
  it('finds turns whose first members are texts, numbers or literals', () => {
    for (const lead of ['"user": "north please", "system": "", ', '"n": 3, "ok": true, "x": null, ']) {
      expect(detectLoader(enc(turn(lead)), 'f.json').id).toBe('fga');
      const plain = dialogueDetail(loadCorpus(enc(turn('')), { file: 'a.json' }).corpus, 0, defaultConfig());
      const led = dialogueDetail(loadCorpus(enc(turn(lead)), { file: 'b.json' }).corpus, 0, defaultConfig());
      expect(led.values).toEqual(plain.values);
    }
  });
  it('still refuses a turn key that is not an integer', () => {
    expect(() => detectLoader(enc('{"D1": {"first": {"gt": {}, "pr": {}}}}'), 'f.json')).toThrow(
      /turn key "first" is not a non-negative integer/,
    );
  });
});
