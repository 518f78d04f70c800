// Test helper: counts the renders of one component of a module, to show what a state change
// re-renders. Use with vi.mock('./Module.js', async (original) =>
// (await import('./test-renders.js')).countRenders(original, 'Component', renders)).
import { createElement, type ComponentType } from 'react';

export async function countRenders(
  importOriginal: () => Promise<unknown>,
  name: string,
  renders: { count: number },
) {
  const actual = (await importOriginal()) as Record<string, unknown>;
  const Component = actual[name] as ComponentType<object>;
  return {
    ...actual,
    [name]: (props: object) => {
      renders.count += 1;
      return createElement(Component, props);
    },
  };
}
