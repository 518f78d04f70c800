import { reactProject } from '../vitest.shared.ts';

export default reactProject('@meetings/shell');
