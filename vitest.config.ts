import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node' } },
      {
        test: {
          name: 'api', include: ['tests/api/**/*.test.ts'], environment: 'node',
          // API tests share one server/database per run: run files one after another.
          fileParallelism: false, testTimeout: 30_000, hookTimeout: 240_000,
          globalSetup: ['tests/api/global-setup.ts'],
        },
      },
    ],
  },
});
