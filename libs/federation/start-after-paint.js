// The shell's HTML loads this in place of its entry script (BootPreloadPlugin, boot-preload.mjs):
// it adds the entry (data-entry, preloaded by the HTML) once the browser has painted what the
// HTML carries. A deferred entry that has arrived runs straight after parsing, before any paint:
// on slow 4G with 4x CPU slow-down its 0.4-0.65 s of evaluation held back the page painted from
// the HTML (bench/README.md, change 25).
(() => {
  const entry = document.currentScript?.getAttribute('data-entry');
  if (!entry) return;
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    const script = document.createElement('script');
    script.src = entry;
    document.head.appendChild(script);
  };
  // A hidden page (a background tab) paints nothing and runs no frame callbacks until shown.
  if (document.visibilityState === 'hidden') {
    start();
    return;
  }
  document.addEventListener('visibilitychange', start, { once: true });
  // A frame callback runs before the frame's paint; the task it queues runs after it.
  requestAnimationFrame(() => setTimeout(start, 0));
})();
