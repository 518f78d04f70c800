// The distributed mode's process table, shared by `npm run start:distributed` and the fault and
// soak suites (which start, kill and restart the same processes one by one).
import { join } from 'node:path';

export const REMOTES = ['mfe-onboarding', 'mfe-meetings', 'mfe-actions'];

/** Service ports from SERVICE_PORT_BASE: auth +1, subscription +2, meetings +3, actions +4. */
export function servicePorts(base) {
  return { auth: base + 1, subscription: base + 2, meetings: base + 3, actions: base + 4 };
}

/**
 * Every process of the distributed mode: name, script and the settings that tie it to the
 * others. `remoteDirs` overrides where the gateway serves a remote's built files from.
 */
export function distributedProcesses({ root, base, gatewayPort, remoteDirs = {} }) {
  const ports = servicePorts(base);
  const jwks = `http://127.0.0.1:${ports.auth}/internal/jwks`;
  const service = (name, port) => ({
    name,
    script: join(root, name, 'dist', 'main.js'),
    port,
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      AUTH_JWKS_URL: jwks,
      // Where each service calls the others' internal routes.
      SUBSCRIPTION_INTERNAL_URL: `http://127.0.0.1:${ports.subscription}`,
      MEETINGS_INTERNAL_URL: `http://127.0.0.1:${ports.meetings}`,
    },
  });
  return [
    service('svc-auth', ports.auth),
    service('svc-subscription', ports.subscription),
    service('svc-meetings', ports.meetings),
    service('svc-actions', ports.actions),
    {
      name: 'gateway',
      script: join(root, 'gateway', 'dist', 'main.js'),
      port: Number(gatewayPort),
      env: {
        PORT: String(gatewayPort),
        AUTH_URL: `http://127.0.0.1:${ports.auth}`,
        SUBSCRIPTION_URL: `http://127.0.0.1:${ports.subscription}`,
        MEETINGS_URL: `http://127.0.0.1:${ports.meetings}`,
        ACTIONS_URL: `http://127.0.0.1:${ports.actions}`,
        SHELL_DIR: join(root, 'shell', 'dist'),
        REMOTE_DIRS: REMOTES.map(
          (name) => `${name}=${remoteDirs[name] ?? join(root, name, 'dist')}`,
        ).join(','),
        TRUSTED_PROXY_HOPS: '0',
      },
    },
  ];
}
