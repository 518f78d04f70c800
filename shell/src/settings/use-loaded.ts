import { useApi } from '@meetings/shell-context';
import { useEffect, useState } from 'react';

/** GET `path` as the component mounts: the answer (null until then), its setter, and whether it failed. */
export function useLoaded<T>(path: string): [T | null, (value: T) => void, boolean] {
  const api = useApi();
  const [value, setValue] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const controller = new AbortController();
    api.get<T>(path, { signal: controller.signal }).then(
      (answer) => setValue(answer),
      () => {
        if (!controller.signal.aborted) setFailed(true);
      },
    );
    return () => controller.abort();
  }, [api, path]);
  return [value, setValue, failed];
}
