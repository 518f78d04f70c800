import { nodeProject } from '../vitest.shared.ts';

export default nodeProject('@meetings/embedded', { decorators: true });
