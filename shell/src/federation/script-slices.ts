/** The part of the bundler's runtime this module replaces: its <script> loader. */
export interface ScriptLoaderRuntime {
  l: (...args: unknown[]) => void;
}

export interface SliceOptions {
  /** How long one slice may insert scripts before it yields to the browser. */
  sliceMs?: number;
  now?: () => number;
  schedule?: (next: () => void) => void;
}

/**
 * Makes the bundler insert its chunk <script> elements in slices of a few milliseconds instead of
 * all at once. When the page starts, the federation runtime asks for every chunk the shared
 * modules and the page's remote need in one go: 40 to 90 <script> elements, each costing a few
 * milliseconds to insert (4-10 ms with the CPU slowed down 4x, as on a mid-range phone), all
 * inside one task that blocks input for half a second. Queued, each insertion waits at most a
 * task, which the network round trip of its download dwarfs; the order of the requests stays.
 */
export function insertScriptsInSlices(
  runtime: ScriptLoaderRuntime,
  {
    sliceMs = 8,
    now = () => performance.now(),
    schedule = (next) => setTimeout(next, 0),
  }: SliceOptions = {},
): void {
  const insert = runtime.l;
  const queue: unknown[][] = [];
  const drain = () => {
    const started = now();
    try {
      do insert(...queue.shift()!);
      while (queue.length > 0 && now() - started < sliceMs);
    } finally {
      // A loader that throws loses its own script only; the rest still load.
      if (queue.length > 0) schedule(drain);
    }
  };
  runtime.l = (...args: unknown[]) => {
    queue.push(args);
    if (queue.length === 1) schedule(drain);
  };
}
