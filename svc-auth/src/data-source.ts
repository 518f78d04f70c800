import { migrationDataSource } from '@meetings/service-kit';
import { authService } from './app.js';

/** For the TypeORM CLI: `npm run migration:generate -- <Name>`. */
export default migrationDataSource(authService);
