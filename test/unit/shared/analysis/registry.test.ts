// The analyses registry (src/shared/analysis/registry.ts): every def keeps
// the contract of def.ts — a unique kind and CLI name, a docs anchor that
// exists, flags that do not clash with the ones every analysis takes, and
// examples whose flags parse into arguments its API schema accepts — and
// the registry's own checks and dispatcher. Nothing here lists the analyses:
// a new def is checked by being registered.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { declareAnalysis, defineAnalysis, type AnyAnalysisDef } from '../../../../src/shared/analysis/def';
import { FlagError } from '../../../../src/shared/analysis/flags';
import {
  ANALYSES,
  analysisByKind,
  analysisByName,
  collectAnalyses,
  isAnalysisKind,
  runAnalysis,
} from '../../../../src/shared/analysis/registry';
import { ANALYSIS_SPECS, collectSpecs } from '../../../../src/shared/analysis/specs';
import { API_CALLS } from '../../../../src/shared/api';
import { ANALYSIS_CALLS, analysisCallSchema } from '../../../../src/shared/calls/analysis';
import { defaultConfig } from '../../../../src/shared/metrics/config';
import { evaluate } from '../../../../src/shared/metrics/evaluate';
import { renderSignature } from '../../../../src/shared/metrics/signature';
import { TABLE_FORMATS, type TableFormat } from '../../../../src/shared/report/tables';
import { COMMON_FLAGS } from '../../../../src/main/cli/analyze';
import { parseCommand } from '../../../../src/main/cli/usage';
import { fixtureCases, loadFile } from '../../../helpers/fixtures';
import { z } from 'zod';

const ROOT = join(__dirname, '..', '..', '..', '..');
const config = defaultConfig();

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces as dashes. */
function anchors(markdown: string): Set<string> {
  const out = new Set<string>();
  for (const m of markdown.matchAll(/^#{1,6}\s+(.+)$/gm))
    out.add(
      m[1]
        .trim()
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    );
  return out;
}

describe('the registry', () => {
  it('holds the analyses of the app, in their order, each found by kind and by name', () => {
    expect(ANALYSES.map((d) => d.name)).toEqual(expect.arrayContaining(['breakdown', 'position', 'origin', 'correlations', 'traits']));
    const orders = ANALYSES.map((d) => d.order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    for (const d of ANALYSES) {
      expect(analysisByKind(d.kind)).toBe(d);
      expect(analysisByName(d.name)).toBe(d);
      expect(isAnalysisKind(d.kind)).toBe(true);
    }
    expect(isAnalysisKind('filteredScores')).toBe(false);
    expect(analysisByName('nope')).toBeUndefined();
  });

  it('gives every analysis an API call: run, rev, config and its own arguments, strict', () => {
    expect(Object.keys(ANALYSIS_CALLS)).toEqual(['filteredScores', ...ANALYSES.map((d) => d.kind)]);
    for (const d of ANALYSES) {
      expect((API_CALLS as Record<string, unknown>)[d.kind]).toBe((ANALYSIS_CALLS as Record<string, unknown>)[d.kind]);
      const shape = Object.keys(analysisCallSchema(d).shape);
      expect(shape).toEqual(['run', 'rev', 'config', ...Object.keys(d.args.shape)]);
      const extra = analysisCallSchema(d).safeParse({ run: 'r1', rev: 0, config, nope: 1 });
      expect(extra.success).toBe(false);
    }
  });

  it('refuses a defs module without `analysis`, and two analyses with one kind or one name', () => {
    const a = ANALYSES[0];
    expect(() => collectAnalyses({ './defs/x.ts': {} })).toThrow(/x\.ts exports no `analysis`/);
    expect(() => collectAnalyses({ a: { analysis: a }, b: { analysis: { ...a, name: 'other' } } })).toThrow(/two analyses have the kind/);
    expect(() => collectAnalyses({ a: { analysis: a }, b: { analysis: { ...a, kind: 'other' } } })).toThrow(/two analyses have the name/);
    const later = { ...a, kind: 'z', name: 'z', order: -1 };
    expect(collectAnalyses({ a: { analysis: a }, b: { analysis: later } })[0]).toBe(later);
  });

  it('holds one spec (defs/*.args.ts) per def, in the same order, and each def is built on its spec', () => {
    expect(ANALYSIS_SPECS.map((s) => s.kind)).toEqual(ANALYSES.map((d) => d.kind));
    ANALYSES.forEach((d, i) => {
      const s = ANALYSIS_SPECS[i];
      expect(d.args).toBe(s.args);
      for (const key of Object.keys(s) as (keyof typeof s)[]) expect(d[key], `${d.kind}.${key}`).toBe(s[key]);
    });
  });

  it('refuses a spec without a def, a def without a spec, a def not built on its spec, and a module without `spec`', () => {
    const [a, b] = ANALYSES;
    const specOf = (d: AnyAnalysisDef) => ANALYSIS_SPECS.find((s) => s.kind === d.kind)!;
    expect(() => collectSpecs({ './defs/x.args.ts': {} })).toThrow(/x\.args\.ts exports no `spec`/);
    expect(() => collectAnalyses({ a: { analysis: a } }, [specOf(a), specOf(b)])).toThrow(
      new RegExp(`the spec of ${b.kind} .* has no def`),
    );
    expect(() => collectAnalyses({ a: { analysis: a }, b: { analysis: b } }, [specOf(a)])).toThrow(new RegExp(`${b.kind} has no spec`));
    const other = { ...a, args: z.object({}) };
    expect(() => collectAnalyses({ a: { analysis: other } }, [specOf(a)])).toThrow(/not built on its spec/);
    expect(collectAnalyses({ a: { analysis: a }, b: { analysis: b } }, [specOf(a), specOf(b)])).toEqual([a, b]);
  });
});

describe.each(ANALYSES.map((d) => [d.name, d] as const))('analysis %s', (_name, def: AnyAnalysisDef) => {
  it('says where the guide explains it, and the anchor exists', () => {
    const [file, anchor] = def.docs.split('#');
    const text = readFileSync(join(ROOT, 'docs', file), 'utf8');
    expect([...anchors(text)]).toContain(anchor);
    expect(def.label.length).toBeGreaterThan(0);
    expect(def.summary.length).toBeGreaterThan(0);
  });

  it('has flags of its own that the common ones do not shadow', () => {
    for (const name of Object.keys(def.cli.flags)) expect(Object.keys(COMMON_FLAGS)).not.toContain(name);
    if (def.cli.alias) {
      // A value alias names one of the def's flags; a switch alias (no `as`) is `--kind NAME` itself.
      if (def.cli.alias.as !== undefined) expect(Object.keys(def.cli.flags)).toContain(def.cli.alias.as);
      expect(Object.keys(COMMON_FLAGS)).not.toContain(def.cli.alias.flag);
    }
  });

  it('parses each example into arguments its API schema and its own schema accept', () => {
    expect(def.cli.examples.length).toBeGreaterThan(0);
    const options = { ...COMMON_FLAGS } as Record<string, { type: 'string' | 'boolean' }>;
    for (const [name, f] of Object.entries(def.cli.flags)) options[name] = { type: f.value === undefined ? 'boolean' : 'string' };
    for (const example of def.cli.examples) {
      const argv = example.split(' ').filter(Boolean);
      const { values } = parseCommand('analyze', argv, options);
      const format = (values.format as TableFormat | undefined) ?? 'table';
      expect(TABLE_FORMATS).toContain(format);
      const { args } = def.cli.parse(values, { config, format, flag: (n) => `--${n}` });
      expect(def.args.parse(args)).toEqual(args);
      expect(analysisCallSchema(def).safeParse({ run: 'r1', rev: 0, config, ...args }).success, example).toBe(true);
    }
  });
});

describe('runAnalysis, the one dispatcher', () => {
  const corpus = loadFile(fixtureCases().find((c) => c.name === 'random/random-7.json')!.file);
  const input = { corpus, settings: {}, evaluation: (c: typeof config) => evaluate(corpus, c) };
  const spec = declareAnalysis({
    kind: 'probe',
    name: 'probe',
    order: 0,
    label: 'Probe',
    summary: 'counts dialogues',
    docs: 'dev/adding-an-analysis.md#the-example',
    args: z.object({ n: z.number().int().min(1) }),
  });
  const probe = defineAnalysis(spec, {
    signature: (a) => [{ key: 'probe', text: `probe n=${a.n}` }],
    compute: (run, a) => ({ dialogues: run.corpus.dialogueIds.length * a.n, signature: run.evaluation(a.config).signature }),
    cli: {
      flags: {},
      examples: [''],
      parse: () => {
        throw new FlagError('unused');
      },
      json: () => null,
      tables: () => [],
    },
  });

  it("computes on the run with the def's arguments and adds its signature parts", () => {
    const r = runAnalysis<{ dialogues: number; signature: ReturnType<typeof evaluate>['signature'] }>(probe, input, { config, n: 2 });
    expect(r.dialogues).toBe(600);
    const base = evaluate(corpus, config).signature.parts.map((p) => p.text);
    expect(r.signature.parts.map((p) => p.text).sort()).toEqual([...base, 'probe n=2'].sort());
    expect(renderSignature(r.signature)).toContain('probe n=2');
  });

  it("checks the arguments against the def's schema", () => {
    expect(() => runAnalysis(probe, input, { config, n: 0 })).toThrow();
    expect(() => runAnalysis(probe, input, { config })).toThrow();
  });

  it('gives each registered analysis the same answer as its compute', () => {
    const breakdown = analysisByName('breakdown')!;
    const direct = breakdown.compute(input, { config, by: 'slot' });
    expect(runAnalysis(breakdown, input, { config, by: 'slot' })).toEqual(direct);
  });
});
