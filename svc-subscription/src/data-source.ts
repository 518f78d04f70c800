import { migrationDataSource } from '@meetings/service-kit';
import { subscriptionService } from './app.js';

/** For the TypeORM CLI: `npm run migration:generate -- <Name>`. */
export default migrationDataSource(subscriptionService);
