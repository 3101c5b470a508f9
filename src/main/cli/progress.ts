// Layer: main (Node). A one-line progress display on stderr, shown only when
// stderr is a terminal, so pipelines and logs stay clean.

export interface Progress {
  update(stage: string, fraction: number): void;
  done(): void;
}

export function terminalProgress(stream: NodeJS.WriteStream = process.stderr, force = false): Progress {
  if (!stream.isTTY && !force) return { update() {}, done() {} };
  let last = '';
  let shown = false;
  const started = Date.now();
  return {
    update(stage, fraction) {
      if (Date.now() - started < 300) return;
      const text = `${stage} ${Math.floor(fraction * 100)}%`;
      if (text === last) return;
      last = text;
      shown = true;
      stream.write(`\r\x1b[K${text}`);
    },
    done() {
      if (shown) stream.write('\r\x1b[K');
    },
  };
}
