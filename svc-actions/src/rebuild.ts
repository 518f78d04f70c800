import 'reflect-metadata';
import { rebuildIndexOnce } from './action-index/rebuild-command.js';

/**
 * `node dist/rebuild.js`: rebuilds the action index from svc-meetings and exits 0 on success, e.g.
 * as a Kubernetes Job after a restore. Same settings as the service; NATS_URL is required because
 * only over NATS does svc-meetings answer another process.
 */
async function main(): Promise<number> {
  if (!process.env.NATS_URL) {
    console.error(
      'svc-actions rebuild: set NATS_URL (and DATABASE_URL). In the embedded mode the index rebuilds itself at start when empty.',
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
