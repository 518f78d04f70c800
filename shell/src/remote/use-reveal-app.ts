import { useLayoutEffect } from 'react';
import { revealApp } from '../prerendered.js';

/** The app takes the place of the build-rendered page when the component calling this commits. */
export function useRevealApp(): void {
  useLayoutEffect(() => revealApp(), []);
}
