import { configure } from '@testing-library/react';

// findBy… and waitFor give up after 1 s by default; on a loaded two-core CI machine a render of a
// page of rows can take longer, and a wait that times out there is not a product failure.
configure({ asyncUtilTimeout: 5_000 });
