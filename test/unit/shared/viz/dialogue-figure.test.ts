// The dialogue figure (src/shared/viz/dialogue-figure.ts), the GCA paper's
// figure 6 made by the tool: the totals and every per-turn number as the
// fixture's official values print them, one chip per slot with its class and
// change mark as the engine says, utterances when loaded, a turn range, GCA's
// "changes only" view, and no text running off the figure.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadCorpus } from '../../../../src/shared/formats/detect';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { dialogueDetail } from '../../../../src/shared/metrics/evaluate';
import { dialogueFigure } from '../../../../src/shared/viz/dialogue-figure';
import { buildFigure, positionsOfTurns } from '../../../../src/shared/viz/figures';
import { FIXTURES } from '../../../helpers/fixtures';
import { byTestId, overflowingTexts, texts } from '../../../helpers/scene-walk';

const config = defaultConfig({ slotCount: 30 });
const expected = JSON.parse(readFileSync(join(FIXTURES, 'paper', 'mul1110.expected.json'), 'utf8'));
const mul = loadCorpus(new Uint8Array(readFileSync(join(FIXTURES, 'paper', 'mul1110.json'))), { file: 'mul1110.json' }).corpus;
const d = dialogueDetail(mul, 0, config);
const SIG = 'GCA alpha=10/11 | FGA lambda=0.5 | SA K=30 | values=exact | none=inactive | app 0.2.0';
const fig = dialogueFigure({ id: d.id, values: d.values, perTurn: d.perTurn! }, config, { signature: SIG });
const textOf = (p: { node: unknown }) => (p.node as { text: string }).text;

describe('dialogue figure', () => {
  it('writes the dialogue totals as the paper prints them (GCA 31.43, FGA 48.84)', () => {
    const totals = Object.fromEntries(byTestId(fig, 'figure-total').map((p) => [p.data.metric, textOf(p)]));
    const r = expected.corpus_rounded_percent;
    expect(totals).toMatchObject({
      GCA: '31.43',
      FGA: '48.84',
      JGA: r.JGA.toFixed(2),
      RSA: r.RSA.toFixed(2),
      SA: r.SA.toFixed(2),
      AGA: r.AGA.toFixed(2),
    });
    expect(fig.desc).toBe(SIG);
    expect(byTestId(fig, 'figure-signature').map(textOf)).toEqual([SIG]);
    expect(fig.title).toContain('GCA 31.43, FGA 48.84');
  });

  it("writes every turn's JGA, FGA, RSA and running GCA as the fixture has them", () => {
    const cells = byTestId(fig, 'figure-turn-metric');
    expect(cells).toHaveLength(7 * 4);
    expected.dialogues['MUL1110.json'].per_turn.forEach((e: Record<string, number | string>) => {
      const at = (m: string) => textOf(cells.find((c) => c.data.turn === e.turn && c.data.metric === m)!);
      expect(at('JGA')).toBe(String(e.jga));
      for (const [m, v] of [
        ['FGA', e['fga_0.5']],
        ['RSA', e.rsa],
        ['GCA', e.gca_running],
      ] as const)
        expect(at(m)).toBe(v === 1 ? '1' : v === 0 ? '0' : (v as number).toFixed(2));
    });
  });

  it('draws one chip per slot of each turn with its class and change mark', () => {
    const chips = byTestId(fig, 'figure-slot');
    const want = d.perTurn!.flatMap((t) => t.slots.map((s) => `${t.turn}:${s.slot}:${s.class}:${s.changed}`));
    const got = chips
      .filter((c) => c.data.turn !== undefined)
      .map((c) => `${c.data.turn}:${c.data.slot}:${c.data.class}:${c.data.changed}`);
    expect(got).toEqual(want);
    // Turn 4: the wrong value reads "gold vs pred".
    const wrong = chips.find((c) => c.data.turn === '4' && c.data.class === 'wrong')!;
    const words = (wrong.node as { children: { kind: string; text?: string }[] }).children
      .filter((k) => k.kind === 'text')
      .map((k) => k.text);
    expect(words).toEqual(['≠', 'attraction·name', 'dontcare', 'vs', 'cambridge artworks', 'Δ']);
    // The legend has a sample chip of each class.
    expect(chips.filter((c) => c.data.turn === undefined).map((c) => c.data.class)).toEqual(['correct', 'wrong', 'missed', 'overshot']);
  });

  it('shows a turn range and only the changes when asked', () => {
    const [a, b] = positionsOfTurns(
      d.perTurn!.map((t) => t.turn),
      2,
      4,
    );
    const part = buildFigure('dialogue', { id: d.id, values: d.values, perTurn: d.perTurn! }, config, {
      signature: SIG,
      turns: [a, b],
      slots: 'changes',
    });
    expect(byTestId(part, 'figure-turn').map((p) => p.data.turn)).toEqual(['2', '3', '4']);
    expect(texts(part).some((t) => t.text.includes('turns 2–4 of 7'))).toBe(true);
    const slots = byTestId(part, 'figure-slot').filter((c) => c.data.turn !== undefined);
    expect(slots.every((c) => c.data.changed === 'true')).toBe(true);
    expect(texts(part).some((t) => t.text === 'no change in this turn')).toBe(true); // turn 3
    expect(() => positionsOfTurns([0, 1, 2], 5, 9)).toThrow(/no turn of the dialogue lies in 5-9/);
  });

  it('places utterances when loaded, wrapped within their column, and nothing runs off the figure', () => {
    const withText = dialogueFigure(
      {
        id: d.id,
        values: d.values,
        perTurn: d.perTurn!,
        utterances: d.perTurn!.map((_, i) => ({
          system: i ? `system turn ${i} `.repeat(12) : '',
          user: `user asks about the hotel in turn ${i} `.repeat(3),
        })),
      },
      config,
      { signature: SIG, width: 700 },
    );
    expect(texts(withText).some((t) => t.text === 'U')).toBe(true);
    expect(texts(withText).filter((t) => t.text.endsWith('…')).length).toBeGreaterThan(0); // long system turns are cut at 3 lines
    for (const s of [
      fig,
      withText,
      buildFigure('dialogue', { id: d.id, values: d.values, perTurn: d.perTurn! }, config, { signature: SIG, width: 560, theme: 'dark' }),
    ])
      expect(overflowingTexts(s)).toEqual([]);
  });

  it('is the same scene every time (deterministic layout)', () => {
    expect(JSON.stringify(dialogueFigure({ id: d.id, values: d.values, perTurn: d.perTurn! }, config, { signature: SIG }))).toBe(
      JSON.stringify(fig),
    );
  });
});
