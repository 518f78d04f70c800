// The distributed mode's process table, shared by `npm run start:distributed` and the fault and
// soak suites (which start, kill and restart the same processes one by one).
import { basename, join } from 'node:path';

export const REMOTES = ['mfe-onboarding', 'mfe-meetings', 'mfe-actions'];

/**
 * The remotes' folders named by REMOTE_DIRS, read as the gateway reads its own setting: `name=folder`
 * or a folder named after its remote, comma-separated. A release deployed apart from the build;
 * remotes it does not name are served from their builds.
 */
export function remoteDirsFrom(value = '') {
  return Object.fromEntries(
    value
      .split(',')
      .map((entry) => entry.trim())
      .filter(Boolean)
      .map((entry) => (entry.includes('=') ? entry.split('=') : [basename(entry), entry])),
  );
}

/** Service ports from SERVICE_PORT_BASE: auth +1, subscription +2, meetings +3, actions +4. */
export function servicePorts(base) {
  return { auth: base + 1, subscription: base + 2, meetings: base + 3, actions: base + 4 };
}

/** Their management ports (internal and operator routes, metrics, readiness): 100 above. */
export function managementPorts(base) {
  return servicePorts(base + 100);
}

/** Every port SERVICE_PORT_BASE fixes: the services' own and their management ports. */
export function basePorts(base) {
  return [...Object.values(servicePorts(base)), ...Object.values(managementPorts(base))];
}

/**
 * Every process of the distributed mode: name, script and the settings that tie it to the
 * others. `remoteDirs` overrides where the gateway serves a remote's built files from.
 */
export function distributedProcesses({
  root,
  base,
  gatewayPort,
  gatewayManagementPort = Number(gatewayPort) + 1,
  remoteDirs = {},
}) {
  const ports = servicePorts(base);
  const management = managementPorts(base);
  const jwks = `http://127.0.0.1:${management.auth}/internal/jwks`;
  const service = (name, port, managementPort) => ({
    name,
    script: join(root, name, 'dist', 'main.js'),
    port,
    managementPort,
    env: {
      PORT: String(port),
      MANAGEMENT_PORT: String(managementPort),
      HOST: '127.0.0.1',
      AUTH_JWKS_URL: jwks,
      // Where each service calls the others' internal routes: their management ports.
      SUBSCRIPTION_INTERNAL_URL: `http://127.0.0.1:${management.subscription}`,
      MEETINGS_INTERNAL_URL: `http://127.0.0.1:${management.meetings}`,
      ACTIONS_INTERNAL_URL: `http://127.0.0.1:${management.actions}`,
      // Links in e-mails lead to this stack's gateway.
      PUBLIC_BASE_URL: `http://localhost:${gatewayPort}`,
    },
  });
  return [
    service('svc-auth', ports.auth, management.auth),
    service('svc-subscription', ports.subscription, management.subscription),
    service('svc-meetings', ports.meetings, management.meetings),
    service('svc-actions', ports.actions, management.actions),
    {
      name: 'gateway',
      script: join(root, 'gateway', 'dist', 'main.js'),
      port: Number(gatewayPort),
      managementPort: Number(gatewayManagementPort),
      env: {
        PORT: String(gatewayPort),
        MANAGEMENT_PORT: String(gatewayManagementPort),
        AUTH_MANAGEMENT_URL: `http://127.0.0.1:${management.auth}`,
        AUTH_URL: `http://127.0.0.1:${ports.auth}`,
        SUBSCRIPTION_URL: `http://127.0.0.1:${ports.subscription}`,
        MEETINGS_URL: `http://127.0.0.1:${ports.meetings}`,
        ACTIONS_URL: `http://127.0.0.1:${ports.actions}`,
        SHELL_DIR: join(root, 'shell', 'dist'),
        REMOTE_DIRS: REMOTES.map(
          (name) => `${name}=${remoteDirs[name] ?? join(root, name, 'dist')}`,
        ).join(','),
      },
    },
  ];
}
