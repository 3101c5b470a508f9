// Layer: shared (pure TS). The plain case of CSV, split fast: the records of
// a text that stays within what csv.ts asks of csv-parse (delimiter `,`,
// quote and escape `"`, one kind of line end — CRLF or LF — outside quotes,
// every record as long as the first, no empty line, no BOM left), as
// csv-parse would give them (`parse(text, {bom: true, relax_column_count:
// false, skip_empty_lines: true})`), or null for anything else — a quote
// inside an unquoted field, text after a closing quote, an unclosed quote, a
// lone CR, mixed line ends, a short or long row, an empty line. On null the
// loader runs csv-parse itself, which reads those cases or reports them with
// their place: this only skips its byte-by-byte buffers (its browser build
// re-encodes the text through a JS Buffer shim) on the files that need none of
// that. csv-fast.test.ts checks it equals csv-parse on random texts.

/** The records of a plain CSV text, or null when the text needs csv-parse. */
export function splitCsvFast(text: string): string[][] | null {
  const n = text.length;
  if (n === 0 || text.charCodeAt(0) === 0xfeff) return null;
  // The line end: the first CR or LF outside quotes decides (CRLF or LF; a lone CR: not here).
  let crlf: boolean | undefined;
  const records: string[][] = [];
  let width = -1;
  let record: string[] = [];
  let p = 0;
  for (;;) {
    // One field at p.
    let field: string;
    if (text.charCodeAt(p) === 0x22) {
      let from = p + 1;
      let value = '';
      for (;;) {
        const q = text.indexOf('"', from);
        if (q < 0) return null; // unclosed quote
        if (text.charCodeAt(q + 1) === 0x22) {
          value += text.slice(from, q + 1);
          from = q + 2;
          continue;
        }
        value += text.slice(from, q);
        p = q + 1;
        break;
      }
      field = value;
    } else {
      const start = p;
      for (; p < n; p++) {
        const c = text.charCodeAt(p);
        if (c === 0x2c || c === 0x0a || c === 0x0d) break;
        if (c === 0x22) return null; // a quote inside an unquoted field
      }
      field = text.slice(start, p);
    }
    record.push(field);
    if (p >= n) break;
    const c = text.charCodeAt(p);
    if (c === 0x2c) {
      p++;
      continue;
    }
    // The end of a record.
    if (c === 0x0d) {
      if (text.charCodeAt(p + 1) !== 0x0a || crlf === false) return null;
      crlf = true;
      p += 2;
    } else if (c === 0x0a) {
      if (crlf === true) return null;
      crlf = false;
      p++;
    } else return null; // text after a closing quote
    if (record.length === 1 && record[0] === '') return null; // an empty line
    if (width < 0) width = record.length;
    else if (record.length !== width) return null;
    records.push(record);
    record = [];
    if (p >= n) return records;
  }
  if (record.length === 1 && record[0] === '') return null;
  if (width >= 0 && record.length !== width) return null;
  records.push(record);
  return records;
}
