/** Polls `check` until it returns something truthy, or fails after `timeoutMs`. */
export async function eventually<T>(
  check: () => Promise<T | undefined | null | false>,
  timeoutMs = 10_000,
  what = 'condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`${what} not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/**
 * Waits until `url` answers with a success, failing at once when `alive` says the process that
 * should answer has exited, or after `timeoutMs`.
 */
export async function waitUntilAnswering(
  url: string,
  options: { timeoutMs?: number; alive?: () => boolean; name?: string } = {},
): Promise<void> {
  const { timeoutMs = 120_000, alive = () => true, name = url } = options;
  await eventually(
    async () => {
      if (!alive()) throw new Error(`${name} exited before answering`);
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000) }).catch(() => null);
      return response?.ok ?? false;
    },
    timeoutMs,
    `${name} answering`,
  );
}
