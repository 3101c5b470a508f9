// Test runner configuration: unit and integration tests under test/.
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['test/**/*.test.ts'],
    environment: 'node',
    // Tests that spawn the built CLI several times take 5-10 s idle and over 30 s at load 20
    // (measured in a fresh-clone .ci/run while other builds ran); a hang still fails, later.
    testTimeout: 90_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
    // expect.poll's default (1 s) is too short on a loaded 2-core machine: UI steps that
    // take 0.3 s idle take 2 s there. Polls end as soon as they succeed.
    expect: { poll: { timeout: 10_000, interval: 50 } },
  },
});
