import { defineConfig } from 'vitest/config';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * API files share one server and database: run them in name order so the suite is deterministic
 * (data-layer.test.ts replaces the database in its afterAll; the api-* suites run before it).
 */
class NameOrderSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return [...files].sort((a, b) =>
      a.project.name === b.project.name ? a.moduleId.localeCompare(b.moduleId) : a.project.name < b.project.name ? -1 : 1,
    );
  }
}

export default defineConfig({
  test: {
    sequence: { sequencer: NameOrderSequencer },
    projects: [
      // CLI tests spawn seeds: allow for a busy CI machine.
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts'], environment: 'node', testTimeout: 20_000 } },
      // Provider adapters against their local sandbox emulators (real HTTP on loopback, no shop server).
      { test: { name: 'providers', include: ['tests/providers/**/*.test.ts'], environment: 'node', testTimeout: 30_000 } },
      {
        test: {
          name: 'api',
          include: ['tests/api/**/*.test.ts'],
          environment: 'node',
          // API tests share one server/database per run: run files one after another.
          fileParallelism: false,
          testTimeout: 30_000,
          hookTimeout: 240_000,
          globalSetup: ['tests/api/global-setup.ts'],
        },
      },
      // Several servers on one PostgreSQL, and faults (a database restart, a killed rebuild): each file starts
      // its own servers and databases on the prepared test build (docs/adr/0010-several-nodes-on-one-postgresql.md).
      {
        test: {
          name: 'cluster',
          include: ['tests/cluster/**/*.test.ts'],
          environment: 'node',
          fileParallelism: false,
          testTimeout: 120_000,
          hookTimeout: 240_000,
        },
      },
    ],
  },
});
