import { reactProject } from '../vitest.shared.ts';

export default reactProject('@meetings/mfe-meetings');
