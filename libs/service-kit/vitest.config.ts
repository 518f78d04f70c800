import { nodeProject } from '../../vitest.shared.ts';

export default nodeProject('@meetings/service-kit', { decorators: true });
