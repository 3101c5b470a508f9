// Layer: shared (pure TS). `corrections agree` (docs/reference/cli.md): the
// agreement of several annotators at slot level, on the decision (confirmed,
// rejected, suspected) and on the corrected value, as the JSON object the
// command prints — {"annotators", "items", "decision", "value"}, each part
// with Cohen's κ (two annotators) or Fleiss' κ (three or more),
// Krippendorff's α, their bootstrap intervals ("ci") and the counts behind
// them — and as a plain text table. The statistics are agreement/*.

import { maxOf } from '../arrays';
import { agreement, type AgreementReport, type AgreementSettings } from './agreement/agreement';
import { annotatorsOf, placesOf, ratingTables, type AnnotatorFile } from './annotators';
import { agreementInterval, agreementNumber } from '../report/agreement-format';

export interface AgreementPart {
  /** Two annotators. */
  cohen_kappa?: number | null;
  /** Three or more annotators. */
  fleiss_kappa?: number | null;
  krippendorff_alpha: number | null;
  /** Percentile bootstrap intervals ([low, high], null when undefined on every resample). */
  ci: { level: number; bootstrap: number; seed: number } & Record<string, [number, number] | null | number>;
  /** Items in this part's table (places with at least one rating of this kind). */
  items: number;
  /** Items each coefficient used (both rated; all rated; at least two ratings). */
  items_used: Record<string, number>;
  /** Per annotator: the items rated. */
  rated_by: Record<string, number>;
  categories: string[];
}

export interface AgreementSummary {
  annotators: string[];
  /** Slot-level places any annotator rated. */
  items: number;
  decision: AgreementPart;
  value: AgreementPart;
}

function part(r: AgreementReport): AgreementPart {
  const out: AgreementPart = {
    krippendorff_alpha: r.alpha.alpha,
    ci: { level: r.level, bootstrap: r.bootstrap, seed: r.seed },
    items: r.items,
    items_used: {},
    rated_by: Object.fromEntries(r.raters.map((a, k) => [a, r.ratedBy[k]])),
    categories: r.categories,
  };
  if (r.cohen) {
    out.cohen_kappa = r.cohen.kappa;
    out.ci.cohen_kappa = r.bootstrap > 0 ? r.cohen.interval.ci : null;
    out.items_used.cohen_kappa = r.cohen.items;
  }
  if (r.fleiss) {
    out.fleiss_kappa = r.fleiss.kappa;
    out.ci.fleiss_kappa = r.bootstrap > 0 ? r.fleiss.interval.ci : null;
    out.items_used.fleiss_kappa = r.fleiss.items;
  }
  out.ci.krippendorff_alpha = r.bootstrap > 0 ? r.alpha.interval.ci : null;
  out.items_used.krippendorff_alpha = r.alpha.items;
  // Key order as documented: the κ first, then α, then the intervals and counts.
  const { cohen_kappa, fleiss_kappa, krippendorff_alpha, ci, ...rest } = out;
  return {
    ...(cohen_kappa !== undefined ? { cohen_kappa } : {}),
    ...(fleiss_kappa !== undefined ? { fleiss_kappa } : {}),
    krippendorff_alpha,
    ci,
    ...rest,
  };
}

/** Agreement of the annotators of the files (at least two annotators, else an error the caller reports). */
export function agreementSummary(files: readonly AnnotatorFile[], settings: AgreementSettings): AgreementSummary {
  const places = placesOf(files);
  const annotators = annotatorsOf(places);
  if (annotators.length < 2)
    throw new RangeError(
      `agreement needs at least two annotators; the files name ${annotators.length === 0 ? 'none (no slot-level records)' : `only ${JSON.stringify(annotators[0])}`} in "by"`,
    );
  const t = ratingTables(places, annotators);
  return {
    annotators,
    items: places.filter((p) => p.by.size > 0).length,
    decision: part(agreement(t.decision, settings)),
    value: part(agreement(t.value, settings)),
  };
}

/** A plain text table: one row per coefficient of each part, then the items each annotator rated. */
export function agreementTable(s: AgreementSummary): string {
  const rows: string[][] = [['rating', 'coefficient', 'value', `${Math.round(s.decision.ci.level * 100)}% CI`, 'items used']];
  for (const [name, p] of [
    ['decision', s.decision],
    ['value', s.value],
  ] as const)
    for (const k of ['cohen_kappa', 'fleiss_kappa', 'krippendorff_alpha'] as const) {
      if (!(k in p)) continue;
      rows.push([name, k.replace('_', ' '), agreementNumber(p[k]), agreementInterval(p.ci[k]), String(p.items_used[k])]);
    }
  const w = rows[0].map((_, c) => maxOf(rows.map((r) => r[c].length)));
  const line = (r: string[]) =>
    r
      .map((x, c) => x.padEnd(w[c]))
      .join('  ')
      .trimEnd();
  const out = [
    `annotators: ${s.annotators.join(', ')}; items (slot-level places): ${s.items}`,
    line(rows[0]),
    ...rows.slice(1).map(line),
    '',
  ];
  out.push('items rated: ' + s.annotators.map((a) => `${a} ${s.decision.rated_by[a]} (values ${s.value.rated_by[a]})`).join(', '));
  out.push(`bootstrap: ${s.decision.ci.bootstrap} resamples, seed ${s.decision.ci.seed}`);
  return out.join('\n') + '\n';
}
