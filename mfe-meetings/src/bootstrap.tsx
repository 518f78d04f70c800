import { mountStandalone } from '@meetings/shell-context/standalone';
import App from './App.js';

// Standalone only: inside the product the shell mounts ./App at the same path.
void mountStandalone({ App, mountPath: '/app/meetings/*' });
