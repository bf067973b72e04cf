import os from 'node:os';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    globals: true,
    // One test file per core (Vitest's default leaves one core to its own process, which mostly waits): on the
    // two-core CI machine that is two files at a time instead of one.
    maxWorkers: os.availableParallelism(),
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['src-shared/**/*.test.ts', 'src-main/**/*.test.ts', 'src-renderer/**/*.test.ts', 'tests/unit/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        extends: true,
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts', 'tests/security/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 30_000,
        },
      },
    ],
  },
});
