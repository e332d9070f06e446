/**
 * Publishing starts the same rebuild as POST /admin/rebuild (src/builds/rebuild-job.ts). A deployment that
 * configured no PARTSFRONT_REBUILD_TOKEN rebuilds on no request (docs/product/content-editing.md#publishing).
 */
import { rebuildJob, startRebuild } from '#builds/rebuild-job.ts';
import type { RebuildControl } from '#server/content/publish-content.ts';

export const publishRebuild: RebuildControl = {
  running: () => rebuildJob().state === 'running',
  start: () => (!process.env.PARTSFRONT_REBUILD_TOKEN ? 'off' : startRebuild() ? 'started' : 'running'),
};
