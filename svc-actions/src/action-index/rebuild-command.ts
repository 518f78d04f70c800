import type { StartOptions } from '@meetings/service-kit';
import { startActionsService } from '../app.js';
import { IndexRebuildService, type RebuildStatus } from './index-rebuild.service.js';

/**
 * Boots svc-actions on its settings (migrating a new database), runs one rebuild from svc-meetings
 * and stops. Free ports and no start-up rebuild: the process only does the one rebuild asked for.
 */
export async function rebuildIndexOnce(options: StartOptions): Promise<RebuildStatus> {
  const service = await startActionsService({
    ...options,
    env: { ...(options.env ?? process.env), INDEX_REBUILD_ON_START: 'false' },
    port: 0,
    managementPort: 0,
    host: '127.0.0.1',
  });
  try {
    return await service.app.get(IndexRebuildService).rebuildWhenReachable('cli');
  } finally {
    await service.close();
  }
}
