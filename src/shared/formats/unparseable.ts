// Layer: shared (pure TS). Places for generations that could not be parsed
// (issue 18: "report every span that could not be parsed, with its place").
// Loaders meet them in file order, so a locator that moves forward from the
// last place finds every line:column in one pass over the file, however many
// there are (errors.ts `locate` starts from the file's start each time).

import { type TextLocation } from './errors';

export class ForwardLocator {
  private offset = 0;
  private line = 1;
  private lineStart = 0;

  constructor(private readonly bytes: Uint8Array) {}

  /** Line and column (1-based, columns in characters) of a byte offset. */
  locate(offset: number): TextLocation {
    const b = this.bytes;
    const end = Math.min(offset, b.length);
    if (end < this.offset) {
      this.offset = 0;
      this.line = 1;
      this.lineStart = 0;
    }
    for (let i = this.offset; i < end; i++) {
      if (b[i] === 0x0a) {
        this.line++;
        this.lineStart = i + 1;
      }
    }
    this.offset = end;
    let column = 1;
    for (let i = this.lineStart; i < end; i++) if ((b[i] & 0xc0) !== 0x80) column++;
    return { line: this.line, column, offset };
  }

  /** "line:column: at PATH: problem" — how an unparseable generation's reason reads (inspect prefixes the file). */
  describe(offset: number, path: string, problem: string): string {
    const l = this.locate(offset);
    return `${l.line}:${l.column}: at ${path}: ${problem}`;
  }
}
