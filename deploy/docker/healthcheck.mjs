// Container HEALTHCHECK (the slim Node image has no curl): GET /healthz on this container's PORT.
const port = process.env.PORT ?? '8080';
const response = await fetch(`http://127.0.0.1:${port}/healthz`, {
  signal: AbortSignal.timeout(2_500),
}).catch(() => undefined);
process.exit(response?.ok ? 0 : 1);
