// Benchmark tooling (Node): preloaded with `node --import` into the CLI process
// when /usr/bin/time is missing; writes the process's peak RSS (KiB) to the
// file named by BENCH_RSS_FILE when it exits.
import { writeFileSync } from 'node:fs';

process.on('exit', () => {
  if (process.env.BENCH_RSS_FILE) writeFileSync(process.env.BENCH_RSS_FILE, String(process.resourceUsage().maxRSS));
});
