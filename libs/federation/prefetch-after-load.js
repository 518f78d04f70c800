// The landing page's HTML loads this in place of its entry script (BootPreloadPlugin,
// boot-preload.mjs, `staticPages`): the page is the prerendered landing page, whose links are
// plain links, so the app does not start on it (its start, 0.4-0.6 s of main thread on slow 4G
// with 4x CPU slow-down, was all of the page's blocking time, bench/README.md change 27). Once
// the page has loaded and the browser is idle, this asks for the start's files at the lowest
// priority, without running them: the sign-in page that Login and Get Started lead to then
// starts from the HTTP cache (the files are hashed and cached for a year).
(() => {
  const files = (document.currentScript?.getAttribute('data-prefetch') ?? '')
    .split(' ')
    .filter(Boolean);
  // A visitor who asked the browser to save data downloads the start when they go to sign in.
  if (files.length === 0 || navigator.connection?.saveData) return;
  // One hint costs the main thread a few milliseconds (4x slow-down: 34 in one task made a
  // 250-380 ms long task), so they go in while the browser says it is idle, a slice at a time.
  let next = 0;
  const prefetch = (deadline) => {
    do {
      const link = document.createElement('link');
      link.rel = 'prefetch';
      link.href = files[next++];
      document.head.appendChild(link);
    } while (next < files.length && deadline.timeRemaining() > 10);
    if (next < files.length) whenIdle();
  };
  const whenIdle = () =>
    typeof requestIdleCallback === 'function'
      ? requestIdleCallback(prefetch, { timeout: 2_000 })
      : setTimeout(() => prefetch({ timeRemaining: () => 0 }), 0);
  if (document.readyState === 'complete') whenIdle();
  else addEventListener('load', whenIdle, { once: true });
})();
