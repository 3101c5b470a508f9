// Layer: renderer (React component). One dialogue of two runs side by side:
// per turn (matched by index) the utterances, each run's joint-goal result and
// FGA class, and one chip per slot with both runs' classes (PairChip); with
// three runs and more, one lane per run instead (TurnLanes); beside it the
// runs' per-turn metrics overlaid (shared/viz/compare-lanes.ts, drawn by
// SceneSvg). Each run's detail comes from its own dialogueDetail call. A
// dialogue the list's filter has since left out is shown with a note saying so.

import { useEffect, useEffectEvent, useMemo, useRef } from 'react';
import { lambdaKey, type MetricConfig } from '../../../../shared/metrics/config';
import type { DialogueDetail } from '../../../../shared/api';
import type { TurnRecord } from '../../../../shared/metrics/evaluate';
import { HEADLINE } from '../../../../shared/metrics/registry';
import { metricValue } from '../../../../shared/metrics/values';
import { renderSignature } from '../../../../shared/metrics/signature';
import { laneTurnAt, lanesScene, type LaneRun } from '../../../../shared/viz/compare-lanes';
import { SceneSvg } from '../../components/SceneSvg';
import { useExportPart } from '../../app/exports';
import { sceneItems } from '../../export/items';
import { errorText, useApiQuery } from '../../app/queries';
import { fgaClassLabel } from '../../model/classes';
import { inTextField } from '../../app/dom';
import { useApi, useConfig } from '../../app/app-context';
import { keyAction, step } from '../../model/keyboard';
import { frac, pct } from '../../model/format';
import { PairChip } from './PairChip';
import { differs, differsMany, manyTurns, pairTurns } from './pair-model';
import { laneLetter } from './run-labels';
import { TurnLanes } from './TurnLanes';
import { PairTurn } from './PairTurn';
import { runLanesScene } from '../../../../shared/viz/run-lanes';
import { useQueries } from '@tanstack/react-query';
import { callKey } from '../../app/query-keys';

interface Props {
  a: { run: string; rev: number };
  b: { run: string; rev: number };
  names: [string, string];
  ids: { a: string; b: string } | null;
  /** The further runs shown (C, D, …) and their ids of the dialogue (null: the run lacks it). */
  others: readonly { ref: { run: string; rev: number }; name: string; id: string | null }[];
  /** The dialogue is not in the pair list as now filtered (n then shows the list's first). */
  outside: boolean;
  turn: number | null;
  /** A dialog is open: it handles its own keys. */
  modalOpen: boolean;
  onTurn: (t: number) => void;
  onlyDiffering: boolean;
  onOnlyDiffering: (on: boolean) => void;
}

function laneRun(name: string, d: DialogueDetail, config: MetricConfig): LaneRun {
  return {
    name,
    turns: (d.perTurn ?? []).map((t) => ({
      turn: t.turn,
      // Each headline metric's turn value (a running metric's, GCA's, as the record stores it).
      values: Object.fromEntries(
        HEADLINE.map((m) => [m.id, m.headline?.running ? m.headline.running.at(t) : metricValue(t.values, m.id, config)]),
      ),
    })),
  };
}

function RunVerdict({ who, rec, config }: { who: string; rec: TurnRecord | null; config: MetricConfig }) {
  if (!rec) return <span className="verdict missing">{who}: no such turn</span>;
  const jga = metricValue(rec.values, 'JGA');
  return (
    <span
      className={`verdict jga-${jga}`}
      data-testid="pair-verdict"
      data-who={who}
      title={`${who}: ${jga ? 'the joint goal is right' : 'the joint goal is wrong'}; FGA: ${fgaClassLabel(rec.fgaClass, rec.fgaDistance)}`}
    >
      {who} {jga ? 'joint ✓' : 'joint ✗'} · FGA{' '}
      {rec.fgaClass === 'exact' ? 'exact' : rec.fgaClass === 'type1' ? 'type-1' : `type-2 d=${rec.fgaDistance}`}{' '}
      {frac(metricValue(rec.values, 'FGA', config))}
    </span>
  );
}

export function PairDialogue({ a, b, names, ids, others, outside, turn, modalOpen, onTurn, onlyDiffering, onOnlyDiffering }: Props) {
  const config = useConfig();
  const api = useApi();
  const qa = useApiQuery('dialogueDetail', ids ? { ...a, config, id: ids.a } : null);
  const qb = useApiQuery('dialogueDetail', ids ? { ...b, config, id: ids.b } : null);
  // The further runs' records of the dialogue: one query each (useQueries: any number of runs).
  const qs = useQueries({
    queries: others.map((o) => {
      const args = ids && o.id !== null ? { ...o.ref, config, id: o.id } : null;
      return {
        queryKey: callKey('dialogueDetail', args),
        queryFn: ({ signal }: { signal: AbortSignal }) => api.call('dialogueDetail', args!, { signal }),
        enabled: args !== null,
      };
    }),
  });
  const da = qa.data && ids && qa.data.id === ids.a ? qa.data : null;
  const db = qb.data && ids && qb.data.id === ids.b ? qb.data : null;
  const dOthers = qs.map((q, k) => (q.data && q.data.id === others[k].id ? q.data : null));
  const othersReady = others.every((o, k) => o.id === null || dOthers[k] !== null);
  const othersKey = dOthers.map((d) => d?.id ?? '').join('\u0000') + others.map((o) => o.ref.run).join('\u0000');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- keyed by othersKey: useQueries gives a new array each render
  const shownOthers = useMemo(() => others.flatMap((o, k) => (dOthers[k] ? [{ name: o.name, d: dOthers[k] }] : [])), [othersKey]);
  const many = others.length > 0;
  const turns = useMemo(() => (da && db ? pairTurns(da, db) : []), [da, db]);
  const nTurns = useMemo(() => (many && da && db ? manyTurns([da, db, ...shownOthers.map((o) => o.d)]) : []), [many, da, db, shownOthers]);
  const laneNames = useMemo(() => [names[0], names[1], ...shownOthers.map((o) => o.name)], [names, shownOthers]);
  const laneRuns = useMemo(
    () =>
      da && db
        ? [laneRun(names[0], da, config), laneRun(names[1], db, config), ...shownOthers.map((o) => laneRun(o.name, o.d, config))]
        : [],
    [da, db, names, shownOthers, config],
  );
  const refs = useRef(new Map<number, HTMLElement>());
  const register = (t: number, el: HTMLElement | null) => {
    if (el) refs.current.set(t, el);
    else refs.current.delete(t);
  };
  const scene = useMemo(
    () =>
      da && db
        ? lanesScene(laneRuns, {
            width: 340,
            selected: turn,
            lambda: lambdaKey(config.lambdas[0]),
            signature: renderSignature(da.signature),
          })
        : null,
    [da, db, laneRuns, config, turn],
  );
  // Exported without the selection highlight, at a page's width.
  const exportItems = useMemo(() => {
    if (!da || !db) return [];
    const make = () =>
      lanesScene(laneRuns, {
        width: 480,
        selected: null,
        lambda: lambdaKey(config.lambdas[0]),
        signature: renderSignature(da.signature),
      });
    return sceneItems({
      id: 'pair-lanes',
      group: `Per-turn lanes of ${da.id}: ${laneNames.join(', ')}`,
      stem: `${da.id.replace(/\.json$/i, '')}-lanes`,
      make,
    });
  }, [da, db, laneRuns, laneNames, config]);
  useExportPart('compare-pair', exportItems);
  // The selected turn's lanes (three runs and more), drawn as the screen places them (shared/viz/run-lanes.ts).
  const laneTurn = many ? (nTurns.find((t) => t.turn === turn) ?? null) : null;
  const turnItems = useMemo(() => {
    if (!da || !laneTurn) return [];
    const slots = laneTurn.slots.map((s) => ({
      slot: s.slot,
      gold: s.gold,
      runs: s.runs.map((r) => (r ? { class: r.class, pred: r.pred } : null)),
    }));
    return sceneItems({
      id: 'turn-lanes',
      group: `Turn ${laneTurn.turn} of ${da.id}, one lane per run`,
      stem: `${da.id.replace(/\.json$/i, '')}-turn${laneTurn.turn}-lanes`,
      make: () =>
        runLanesScene(laneNames, slots, {
          width: 720,
          title: `Turn ${laneTurn.turn} of ${da.id}: ${laneNames.join(', ')}`,
          signature: renderSignature(da.signature),
        }),
    });
  }, [da, laneTurn, laneNames]);
  useExportPart('compare-turn-lanes', turnItems);
  useEffect(() => {
    if (turn !== null) refs.current.get(turn)?.scrollIntoView({ block: 'nearest' });
  }, [turn]);

  // j / k: next and previous turn.
  const onKey = useEffectEvent((e: KeyboardEvent) => {
    if (modalOpen || turns.length === 0) return;
    const action = keyAction({ key: e.key, ctrlKey: e.ctrlKey, metaKey: e.metaKey, altKey: e.altKey, inTextField: inTextField(e.target) });
    if (action !== 'next-turn' && action !== 'prev-turn') return;
    e.preventDefault();
    const list = many ? nTurns : turns;
    const at = list.findIndex((t) => t.turn === turn);
    const next = step(at, action === 'next-turn' ? 1 : -1, list.length);
    if (next >= 0) onTurn(list[next].turn);
  });
  useEffect(() => {
    const h = (e: KeyboardEvent) => onKey(e);
    window.addEventListener('keydown', h);
    return () => window.removeEventListener('keydown', h);
  }, []);

  if (!ids) return <div className="pair-dialogue placeholder-pane">Choose a dialogue on the left.</div>;
  const error = qa.error ?? qb.error;
  if (error)
    return (
      <div className="pair-dialogue placeholder-pane" role="alert">
        {errorText(error)}
      </div>
    );
  if (!da || !db || !othersReady) return <div className="pair-dialogue placeholder-pane">Loading…</div>;
  return (
    <>
      <div className="pair-dialogue" data-testid="pair-dialogue" data-dialogue-id={da.id}>
        <header className="pair-head">
          <h2>{da.id}</h2>
          <span>
            {names[0]}: JGA {pct(metricValue(da.values, 'JGA'))} · GCA {pct(metricValue(da.values, 'GCA'))}
          </span>
          <span>
            {names[1]}: JGA {pct(metricValue(db.values, 'JGA'))} · GCA {pct(metricValue(db.values, 'GCA'))}
          </span>
          {shownOthers.map((o) => (
            <span key={o.name}>
              {o.name}: JGA {pct(metricValue(o.d.values, 'JGA'))} · GCA {pct(metricValue(o.d.values, 'GCA'))}
            </span>
          ))}
          <label>
            <input
              type="checkbox"
              data-testid="only-differing"
              checked={onlyDiffering}
              onChange={(e) => onOnlyDiffering(e.target.checked)}
            />{' '}
            only slots where the runs differ
          </label>
        </header>
        {outside && (
          <p className="pair-outside" data-testid="pair-outside" role="status">
            {da.id} is not in the list as it is filtered now; <kbd>n</kbd> shows the list&apos;s first dialogue.
          </p>
        )}
        {many ? (
          <p className="pair-legend">
            Each turn: the gold state, then one lane per run ({laneNames.map((n, k) => `${laneLetter(k)} = ${n}`).join(', ')}), each slot at
            the same place in every lane with the run&apos;s class (colour, icon and border as in the inspect view; · = neither in gold nor
            predicted) and its predicted value when it is wrong or overshot.
          </p>
        ) : (
          <p className="pair-legend">
            Each chip: the slot, its gold value, then <b>A</b> = {names[0]} and <b>B</b> = {names[1]}, each with its class (colour, icon and
            border as in the inspect view; · = neither in gold nor predicted) and its predicted value when it is wrong or overshot; Δ =
            changed in this turn.
          </p>
        )}
        {many &&
          nTurns.map((t) => {
            const slots = onlyDiffering ? t.slots.filter(differsMany) : t.slots;
            return (
              <PairTurn
                key={t.turn}
                turn={t.turn}
                selected={t.turn === turn}
                text={t.text}
                register={register}
                onTurn={onTurn}
                verdicts={t.runs.map((r, k) => (
                  <RunVerdict key={k} who={laneLetter(k)} rec={r} config={config} />
                ))}
              >
                {slots.length > 0 ? <TurnLanes runs={laneNames} slots={slots} /> : <NoSlots onlyDiffering={onlyDiffering} />}
              </PairTurn>
            );
          })}
        {!many &&
          turns.map((t) => {
            const slots = onlyDiffering ? t.slots.filter(differs) : t.slots;
            return (
              <PairTurn
                key={t.turn}
                turn={t.turn}
                selected={t.turn === turn}
                text={t.text}
                register={register}
                onTurn={onTurn}
                verdicts={
                  <>
                    <RunVerdict who="A" rec={t.a} config={config} />
                    <RunVerdict who="B" rec={t.b} config={config} />
                  </>
                }
              >
                {slots.length > 0 ? (
                  <ul className="chips" aria-label="slots of both runs">
                    {slots.map((s) => (
                      <PairChip key={s.slot} slot={s} names={names} />
                    ))}
                  </ul>
                ) : (
                  <NoSlots onlyDiffering={onlyDiffering} />
                )}
              </PairTurn>
            );
          })}
      </div>
      <aside className="pair-lanes" aria-label="per-turn metrics of both runs">
        <h3>Per turn, overlaid</h3>
        {scene && (
          <SceneSvg
            scene={scene}
            testId="pair-lanes"
            onPick={(p) => {
              const t = laneTurnAt(laneRuns, scene.width, p.x);
              if (t !== null) onTurn(t);
            }}
          />
        )}
        <p className="hint">
          JGA 0/1, FGA (λ = {lambdaKey(config.lambdas[0])}), RSA per turn, and the running GCA; click a turn to show it.
        </p>
      </aside>
    </>
  );
}

function NoSlots({ onlyDiffering }: { onlyDiffering: boolean }) {
  return <p className="no-slots">{onlyDiffering ? 'the runs agree on every slot' : 'empty state'}</p>;
}
