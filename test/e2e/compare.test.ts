// End-to-end test of the compare view in browser mode (headless Debian
// Chromium): the 100 SOM-DST dialogues open as one run, a perturbed copy is
// added through "Add run…" and the Open dialog, and the two runs are compared:
// the benchmark table's numbers against `compare --format json`, the
// side-by-side chips (both runs' classes, colours and icons) against
// `score --per-turn --format json` of each run, the "A right, B wrong" filter
// (and n after a filter change), renaming a run and removing one.
/// <reference lib="dom" />
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { METRIC_IDS } from '../../src/shared/metrics/registry';
import { percent2 } from '../../src/shared/report/round';
import { formatValue } from '../../src/shared/report/tables';
import { runCli } from '../helpers/cli';
import { only, SHIPPED_IDS } from '../helpers/metrics';
import { perturbFga } from '../helpers/perturb';
import { chromiumAvailable, launchBrowser, ROOT, startServer, type Server } from './harness';

const SOM = join(ROOT, 'test', 'fixtures', 'multiwoz-somdst-100');
const PRED = join(SOM, 'predictions.json');

const CLASS_RGB: Record<string, string> = {
  correct: 'rgb(0, 158, 115)',
  wrong: 'rgb(213, 94, 0)',
  missed: 'rgb(230, 159, 0)',
  overshot: 'rgb(0, 114, 178)',
};
const CLASS_ICON: Record<string, string> = { correct: '✓', wrong: '≠', missed: '∅', overshot: '+' };

interface Compared {
  runs: { name: string; corpus: Record<string, unknown> }[];
  comparisons: { run: string; metric: string; lambda?: number; delta: number; ci: [number, number]; p: number }[];
}
interface PerTurn {
  dialogues: { id: string; perTurn: { turn: number; JGA: number; slots: { slot: string; class: string }[] }[] }[];
}

/** Each pair chip of the dialogue shown: slot, both classes, and each side's colour and icon. */
function pairChips(page: Page) {
  return page.$$eval('[data-testid="pair-turn"]', (turns) =>
    turns.map((t) => ({
      turn: Number((t as HTMLElement).dataset.turn),
      chips: Array.from(t.querySelectorAll<HTMLElement>('[data-testid="pair-slot"]')).map((c) => {
        const sides = Array.from(c.querySelectorAll<HTMLElement>('.side'));
        return {
          slot: c.dataset.slot ?? '',
          a: c.dataset.classA ?? '',
          b: c.dataset.classB ?? '',
          colours: sides.map((s) => getComputedStyle(s).borderTopColor),
          icons: sides.map((s) => s.querySelector('.icon')?.textContent ?? ''),
        };
      }),
    })),
  );
}

describe.skipIf(!chromiumAvailable())('compare view in headless Chromium', () => {
  let browser: Browser;
  let server: Server;
  let page: Page;
  const tmp = mkdtempSync(join(tmpdir(), 'dst-e2e-compare-'));
  const perturbed = join(tmp, 'perturbed.json');
  const errors: string[] = [];
  let expected: Compared;
  let turnsA: Map<string, PerTurn['dialogues'][number]>;
  let turnsB: Map<string, PerTurn['dialogues'][number]>;

  beforeAll(async () => {
    writeFileSync(perturbed, perturbFga(readFileSync(PRED, 'utf8')));
    const r = runCli(['compare', PRED, perturbed, '--name', 'predictions,perturbed', '--format', 'json']);
    expect(r.code, r.stderr).toBe(0);
    expected = JSON.parse(r.stdout) as Compared;
    const perTurn = (f: string) =>
      new Map((JSON.parse(runCli(['score', f, '--per-turn', '--format', 'json']).stdout) as PerTurn).dialogues.map((d) => [d.id, d]));
    turnsA = perTurn(PRED);
    turnsB = perTurn(perturbed);
    [browser, server] = await Promise.all([launchBrowser(), startServer([PRED, '--dialogues', join(SOM, 'dialogues.json')])]);
    page = await (await browser.newContext({ viewport: { width: 1440, height: 1000 } })).newPage();
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    page.on('console', (m) => void (m.type() === 'error' && errors.push(`console error: ${m.text()}`)));
    await page.goto(server.url);
    await page.waitForSelector('[data-testid="corpus-metric"][data-metric="JGA"]');
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(tmp, { recursive: true, force: true });
  });

  it('with one run, says how to add another; "Add run…" opens a second run through the Open dialog', async () => {
    await page.click('[data-testid="nav-compare"]');
    await page.waitForSelector('[data-testid="compare-hint"]');
    await page.click('[data-testid="add-run"]');
    await page.fill('[data-testid="open-path"]', perturbed);
    await page.click('[data-testid="open-submit"]');
    await page.waitForSelector('[data-testid="run-metric"][data-run="perturbed"][data-metric="JGA"]', { timeout: 30_000 });
    expect(await page.isVisible('[data-testid="compare-hint"]')).toBe(false);
  });

  it("the benchmark table shows `compare --format json`'s numbers: scores, deltas, p-values and significance", async () => {
    const cols: { metric: string; lambda?: number }[] = expected.comparisons
      .filter((c) => c.run === 'perturbed')
      .map((c) => ({ metric: c.metric, lambda: c.lambda }));
    // Every metric of the registry; the shipped ones in this order.
    expect(cols.map((c) => c.metric)).toEqual(METRIC_IDS);
    expect(
      only(
        cols.map((c) => c.metric),
        SHIPPED_IDS,
      ),
    ).toEqual(['JGA', 'SA', 'AGA', 'IAGA', 'F1', 'RSA', 'FGA', 'GCA']);
    for (const run of expected.runs) {
      for (const { metric, lambda } of cols) {
        const v = lambda === undefined ? run.corpus[metric] : (run.corpus[metric] as Record<string, number>)[String(lambda)];
        const cell = `[data-testid="run-metric"][data-run="${run.name}"][data-metric="${metric}"]`;
        expect(await page.textContent(cell), `${run.name} ${metric}`).toBe(percent2(v as number));
      }
    }
    for (const c of expected.comparisons) {
      const cell = page.locator(`[data-testid="run-delta"][data-run="${c.run}"][data-metric="${c.metric}"]`);
      expect(await cell.textContent(), c.metric).toBe(formatValue({ key: 'd', header: '', kind: 'delta' }, c.delta));
      expect(Number(await cell.getAttribute('data-p')), c.metric).toBe(c.p);
      expect(await cell.getAttribute('data-significant'), c.metric).toBe(String(c.p < 0.05));
    }
    // The baseline has no delta of its own.
    expect(await page.locator('[data-testid="run-delta"][data-run="predictions"]').count()).toBe(0);
    expect(await page.textContent('[data-testid="compare-signature"]')).toMatch(/bootstrap=1000 \| trials=10000 \| seed=12345/);
  });

  it("side by side: each chip shows both runs' classes as `score --per-turn` gives them, in the inspect view's colours and icons", async () => {
    await page.waitForSelector('[data-testid="pair-item"]');
    const ids = (
      await page.$$eval('[data-testid="pair-item"]', (rows) => rows.map((r) => (r as HTMLElement).dataset.dialogueId ?? ''))
    ).slice(0, 3);
    expect(ids.length).toBe(3);
    for (const id of ids) {
      await page.click(`[data-testid="pair-item"][data-dialogue-id="${id}"]`);
      await page.waitForSelector(`[data-testid="pair-dialogue"][data-dialogue-id="${id}"] [data-testid="pair-turn"]`);
      const shown = await pairChips(page);
      const a = turnsA.get(id)!;
      const b = turnsB.get(id)!;
      expect(shown.map((t) => t.turn)).toEqual(a.perTurn.map((t) => t.turn));
      let compared = 0;
      for (const t of shown) {
        const ca = new Map(a.perTurn.find((x) => x.turn === t.turn)!.slots.map((s) => [s.slot, s.class]));
        const cb = new Map(b.perTurn.find((x) => x.turn === t.turn)!.slots.map((s) => [s.slot, s.class]));
        expect(t.chips.map((c) => c.slot).sort()).toEqual([...new Set([...ca.keys(), ...cb.keys()])].sort());
        for (const c of t.chips) {
          expect([c.a, c.b], `${id} turn ${t.turn} ${c.slot}`).toEqual([ca.get(c.slot) ?? 'none', cb.get(c.slot) ?? 'none']);
          [c.a, c.b].forEach((cls, k) => {
            if (cls === 'none') return;
            expect(c.colours[k]).toBe(CLASS_RGB[cls]);
            expect(c.icons[k]).toBe(CLASS_ICON[cls]);
          });
          compared++;
        }
      }
      expect(compared).toBeGreaterThan(0);
      // The overlaid lanes draw both runs' per-turn JGA.
      for (const [name, d] of [
        ['predictions', a],
        ['perturbed', b],
      ] as const) {
        const jga = await page.$$eval(
          `[data-testid="pair-lanes"] [data-testid="lane-point"][data-run="${name}"][data-metric="JGA"]`,
          (ps) => ps.map((p) => Number((p as SVGElement).dataset.value)),
        );
        expect(jga).toEqual(d.perTurn.map((t) => t.JGA));
      }
    }
  });

  it('"A right, B wrong" keeps exactly the dialogues with a turn the baseline gets right and the other run wrong', async () => {
    await page.selectOption('[data-testid="pair-filter"]', 'a-right-b-wrong');
    const want = [...turnsA.values()]
      .filter((d) => d.perTurn.some((t, i) => t.JGA === 1 && turnsB.get(d.id)!.perTurn[i].JGA === 0))
      .map((d) => d.id);
    expect(want.length).toBeGreaterThan(0);
    await expect.poll(() => page.textContent('[data-testid="pair-count"]')).toBe(`${want.length} of 100 shared dialogues`);
    await expect
      .poll(async () =>
        (await page.$$eval('[data-testid="pair-item"]', (rows) => rows.map((r) => (r as HTMLElement).dataset.dialogueId ?? ''))).sort(),
      )
      .toEqual([...want].sort());
  });

  it('after the filter changes, n goes to the first dialogue of the new list when the one shown left it, else to the one after it', async () => {
    const listed = () => page.$$eval('[data-testid="pair-item"]', (rows) => rows.map((r) => (r as HTMLElement).dataset.dialogueId ?? ''));
    const shown = (id: string) =>
      page.waitForSelector(`[data-testid="pair-dialogue"][data-dialogue-id="${id}"] [data-testid="pair-turn"]`, { timeout: 5000 });
    const kept = new Set(
      [...turnsA.values()].filter((d) => d.perTurn.some((t, i) => t.JGA === 1 && turnsB.get(d.id)!.perTurn[i].JGA === 0)).map((d) => d.id),
    );
    await page.selectOption('[data-testid="pair-filter"]', 'all');
    await expect.poll(() => page.textContent('[data-testid="pair-count"]')).toBe('100 of 100 shared dialogues');
    // A dialogue below the top of the whole list that the filter leaves out.
    const out = (await listed()).find((id, k) => k > 0 && !kept.has(id))!;
    expect(out).toBeDefined();
    await page.click(`[data-testid="pair-item"][data-dialogue-id="${out}"]`);
    await shown(out);
    await page.selectOption('[data-testid="pair-filter"]', 'a-right-b-wrong');
    await expect.poll(async () => (await listed()).sort()).toEqual([...kept].sort());
    const rows = await listed();
    expect(await page.textContent('[data-testid="pair-outside"]', { timeout: 5000 })).toContain(`${out} is not in the list`);
    await page.keyboard.press('n');
    await shown(rows[0]);
    expect(await page.getAttribute('[data-testid="pair-item"][aria-current="true"]', 'data-dialogue-id')).toBe(rows[0]);
    expect(await page.locator('[data-testid="pair-outside"]').count()).toBe(0);
    // A dialogue still in the new list: n goes to the one after it there.
    await page.keyboard.press('n');
    await shown(rows[1]);
    await page.selectOption('[data-testid="pair-filter"]', 'either');
    const differing = [...turnsA.values()].filter((d) => d.perTurn.some((t, i) => t.JGA !== turnsB.get(d.id)!.perTurn[i].JGA)).length;
    expect(differing).toBeGreaterThan(kept.size);
    await expect.poll(() => page.textContent('[data-testid="pair-count"]')).toBe(`${differing} of 100 shared dialogues`);
    const either = await listed();
    expect(either).toContain(rows[1]);
    await page.keyboard.press('n');
    await shown(either[either.indexOf(rows[1]) + 1]);
    await page.selectOption('[data-testid="pair-filter"]', 'a-right-b-wrong');
    await expect.poll(async () => (await listed()).sort()).toEqual([...kept].sort());
  });

  it('keyboard: n / p move through the pair list, j / k through the turns', async () => {
    const rows = await page.$$eval('[data-testid="pair-item"]', (r) => r.map((x) => (x as HTMLElement).dataset.dialogueId ?? ''));
    await page.click(`[data-testid="pair-item"][data-dialogue-id="${rows[0]}"]`);
    await page.waitForSelector(`[data-testid="pair-dialogue"][data-dialogue-id="${rows[0]}"]`);
    await page.keyboard.press('n');
    await page.waitForSelector(`[data-testid="pair-dialogue"][data-dialogue-id="${rows[1]}"] [data-testid="pair-turn"]`);
    expect(await page.getAttribute('[data-testid="pair-item"][aria-current="true"]', 'data-dialogue-id')).toBe(rows[1]);
    await page.keyboard.press('j');
    await page.keyboard.press('j');
    const turns = await page.$$eval('[data-testid="pair-turn"]', (t) => t.map((x) => (x as HTMLElement).dataset.turn));
    await expect.poll(() => page.getAttribute('[data-testid="pair-turn"].selected', 'data-turn')).toBe(turns[1]);
    await page.keyboard.press('k');
    await expect.poll(() => page.getAttribute('[data-testid="pair-turn"].selected', 'data-turn')).toBe(turns[0]);
    await page.keyboard.press('p');
    await page.waitForSelector(`[data-testid="pair-dialogue"][data-dialogue-id="${rows[0]}"]`);
  });

  it('a run that fails to load, or shares no dialogue, is said so; nothing loaded is lost', async () => {
    const addRun = async (path: string) => {
      await page.click('[data-testid="add-run"]');
      await page.fill('[data-testid="open-path"]', path);
      await page.click('[data-testid="open-submit"]');
    };
    await addRun(join(tmp, 'no-such-file.json'));
    await page.waitForSelector('[data-testid="run-row"][data-run="no-such-file"] [role="alert"]');
    expect(await page.textContent('[data-testid="run-row"][data-run="no-such-file"] [role="alert"]')).toMatch(
      /failed to load: .*no-such-file\.json/,
    );
    expect(await page.textContent('[data-testid="run-metric"][data-run="perturbed"][data-metric="JGA"]')).toBe('58.06');
    await page.click('[data-testid="run-remove"][data-run="no-such-file"]');
    await addRun(join(ROOT, 'test', 'fixtures', 'paper', 'mul1110.json'));
    // A run that shares nothing with the baseline is left out with its reason; the others stay compared.
    await page.waitForSelector('[data-testid="run-row"][data-run="mul1110"] [data-testid="run-refused"]');
    expect(await page.textContent('[data-testid="run-row"][data-run="mul1110"] [data-testid="run-refused"]')).toMatch(
      /not compared: mul1110 .* and the baseline predictions .* have no dialogue in common/,
    );
    expect(await page.textContent('[data-testid="run-delta"][data-run="perturbed"][data-metric="JGA"]')).toMatch(/\d/);
    expect(await page.isVisible('[data-testid="compare-error"]')).toBe(false);
    await page.uncheck('[aria-label="compare mul1110"]');
    await expect.poll(() => page.locator('[data-testid="run-refused"]').count()).toBe(0);
    await page.waitForSelector('[data-testid="run-delta"][data-run="perturbed"][data-metric="JGA"]');
    await page.click('[data-testid="run-remove"][data-run="mul1110"]');
    await expect.poll(() => page.locator('[data-testid="run-row"]').count()).toBe(2);
  });

  it('renames a run (the table follows) and removes one', async () => {
    await page.click('[data-testid="run-rename"][data-run="perturbed"]');
    await page.fill('[data-testid="run-rename-input"]', 'fixed-and-broken');
    await page.press('[data-testid="run-rename-input"]', 'Enter');
    await page.waitForSelector('[data-testid="run-metric"][data-run="fixed-and-broken"][data-metric="GCA"]');
    const jga = expected.comparisons.find((c) => c.metric === 'JGA')!;
    expect(await page.textContent('[data-testid="run-delta"][data-run="fixed-and-broken"][data-metric="JGA"]')).toBe(
      formatValue({ key: 'd', header: '', kind: 'delta' }, jga.delta),
    );
    await page.click('[data-testid="run-remove"][data-run="fixed-and-broken"]');
    await page.waitForSelector('[data-testid="compare-hint"]');
    expect(await page.locator('[data-testid="run-row"]').count()).toBe(1);
    // The run that failed to load is an HTTP error the browser logs; nothing else may be.
    const unexpected = errors.filter((e) => !/Failed to load resource: the server responded with a status of 4\d\d/.test(e));
    expect(unexpected, unexpected.join('\n')).toEqual([]);
    expect(errors.length).toBeLessThanOrEqual(2);
  });
});
