// Layer: main (Node). The format of a figure file a command writes: --format,
// else the file's extension (.svg, .pdf, .png, any case), the two agreeing —
// so a figure never lands in a file named for another format. Kept apart
// from the renderer so a command checks it before loading anything.

import { FIGURE_FILE_FORMATS } from '../../shared/calls/export';
import { oneOf, UsageError } from './usage';

export type FigureFormat = (typeof FIGURE_FILE_FORMATS)[number];
const FIGURE_FORMATS = FIGURE_FILE_FORMATS;

/**
 * The format: --format, else the --out extension (.svg, .pdf, .png, any
 * case). An extension that is none of them, or that contradicts --format, is
 * refused, so a figure never lands in a file named for another format.
 */
export function formatOf(explicit: string | undefined, out: string, flag = '--out'): FigureFormat {
  const format = explicit === undefined ? undefined : oneOf('--format', explicit, FIGURE_FORMATS);
  const name = out.split(/[\\/]/).pop() ?? out;
  const ext = /.\.([^.]+)$/.exec(name)?.[1]?.toLowerCase();
  const known = ext !== undefined && (FIGURE_FORMATS as readonly string[]).includes(ext) ? (ext as FigureFormat) : undefined;
  const kinds = '.svg, .pdf or .png';
  if (ext === undefined) {
    if (format) return format;
    throw new UsageError(
      `${flag} ${out}: no extension to tell the format; end the name in ${kinds}${flag === '--out' ? ' or give --format' : ''}`,
    );
  }
  if (!known) throw new UsageError(`${flag} ${out}: .${ext} is not a figure format; end the name in ${kinds}`);
  if (format && format !== known) throw new UsageError(`${flag} ${out}: the extension .${ext} contradicts --format ${format}`);
  return known;
}
