import 'reflect-metadata';
import { rebuildIndexOnce } from './action-index/rebuild-command.js';

/**
 * `node dist/rebuild.js`: rebuilds the action index from svc-meetings and exits 0 on success, e.g.
 * as a Kubernetes Job after a restore. Same settings as the service: DATABASE_URL names the index
 * to rebuild, MEETINGS_INTERNAL_URL the svc-meetings to read.
 */
async function main(): Promise<number> {
  if (!process.env.DATABASE_URL) {
    console.error(
      'svc-actions rebuild: set DATABASE_URL (and MEETINGS_INTERNAL_URL). In the embedded mode the index rebuilds itself at start when empty.',
    );
    return 2;
  }
  try {
    console.log(JSON.stringify(await rebuildIndexOnce({ env: process.env })));
    return 0;
  } catch (error) {
    console.error('svc-actions rebuild failed:', error instanceof Error ? error.message : error);
    return 1;
  }
}

process.exit(await main());
