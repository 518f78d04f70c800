import { nodeProject } from '../../vitest.shared.ts';

export default nodeProject('@meetings/platform', { decorators: true });
