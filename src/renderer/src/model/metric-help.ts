// Layer: renderer (pure module). What every number's name on screen means:
// one line per metric (the registry's `about`), TO and NU, GCA's parts and
// the "no changes" case, each with the section of docs/reference/metrics.md that explains it. The
// metric tooltips and the metric reference in the help dialog read it.

import { METRICS } from '../../../shared/metrics/registry';

/** Why RSA is 0 on a turn whose states are both empty (spec section 5). */
export const RSA_EMPTY =
  'RSA is 0 on this turn because gold and prediction are both empty: there is no slot to score (T* = 0), and RSA counts such a turn as 0 — which is why RSA is low in zero-shot settings.';

export interface MetricHelp {
  id: string;
  name: string;
  definition: string;
  /** Section of docs/reference/metrics.md (bundled with the app): its anchor (#…) and title. */
  readme: { anchor: string; title: string };
  /** Section of the metrics contract (docs/reference/metrics-spec.md), when there is one. */
  spec?: string;
}

const METRICS_SECTION = { anchor: '#the-metrics', title: 'The metrics' };
const TRAITS_SECTION = { anchor: '#spurious-traits-dst-inspector-traits', title: 'Spurious traits' };

const EXTRA: MetricHelp[] = [
  {
    id: 'VP',
    name: 'GCA value precision',
    definition: 'C / (C + W + O): the share of predicted changes whose value is right.',
    readme: METRICS_SECTION,
    spec: '7',
  },
  {
    id: 'VR',
    name: 'GCA value recall',
    definition: 'C / (C + W + M): the share of gold changes predicted with the right value.',
    readme: METRICS_SECTION,
    spec: '7',
  },
  {
    id: 'LP',
    name: 'GCA label precision',
    definition: '(C + W) / (C + W + O): the share of predicted changes on a slot gold changed too, whatever the value.',
    readme: METRICS_SECTION,
    spec: '7',
  },
  {
    id: 'LR',
    name: 'GCA label recall',
    definition: '(C + W) / (C + W + M): the share of gold changes the prediction changed too, whatever the value.',
    readme: METRICS_SECTION,
    spec: '7',
  },
  {
    id: 'TO',
    name: 'Tail-orientedness',
    definition:
      'Where the mistakes (GCA’s M + W + O per turn) fall: above 0 towards the end of the dialogue, below 0 towards the start; undefined without mistakes.',
    readme: TRAITS_SECTION,
    spec: '9',
  },
  {
    id: 'NU',
    name: 'Non-uniformity',
    definition: 'How unevenly the mistakes spread over the turns: 0 when every turn has as many; undefined without mistakes.',
    readme: TRAITS_SECTION,
    spec: '9',
  },
  {
    id: 'no-changes',
    name: 'No changes',
    definition:
      'No state of this dialogue changes (gold and prediction are empty throughout), so GCA has nothing to count and is undefined; the reference implementation reports 0, which the JSON keeps with "noChanges": true.',
    readme: METRICS_SECTION,
    spec: '7',
  },
];

export const METRIC_HELP: readonly MetricHelp[] = [
  ...METRICS.map((m) => ({
    id: m.id,
    name: m.about.name,
    definition: m.about.definition,
    readme: m.about.readme === METRICS_SECTION.anchor ? METRICS_SECTION : { anchor: m.about.readme, title: 'README' },
    spec: m.about.spec,
  })),
  ...EXTRA,
];

export function metricHelp(id: string): MetricHelp | undefined {
  return METRIC_HELP.find((h) => h.id === id);
}

/** GitHub's anchor for a Markdown heading: lower case, punctuation dropped, spaces to '-'. */
export function headingAnchor(heading: string): string {
  return (
    '#' +
    heading
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s-]/gu, '')
      .replace(/\s/g, '-')
  );
}

/** The Markdown section with this anchor: its heading and its Markdown, up to the next heading of the same or a higher level. */
export function readmeSection(markdown: string, anchor: string): { heading: string; body: string } | null {
  const lines = markdown.split('\n');
  let inCode = false;
  for (let i = 0; i < lines.length; i++) {
    if (lines[i].startsWith('```')) inCode = !inCode;
    const m = !inCode && /^(#{1,6})\s+(.*)$/.exec(lines[i]);
    if (!m || headingAnchor(m[2]) !== anchor) continue;
    const level = m[1].length;
    const body: string[] = [];
    let code = false;
    for (let k = i + 1; k < lines.length; k++) {
      if (lines[k].startsWith('```')) code = !code;
      const h = !code && /^(#{1,6})\s/.exec(lines[k]);
      if (h && h[1].length <= level) break;
      body.push(lines[k]);
    }
    return { heading: m[2].replace(/`/g, ''), body: body.join('\n').trim() };
  }
  return null;
}
