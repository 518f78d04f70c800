#!/usr/bin/env node
// Renders every overlay (and its migrations) with `kubectl kustomize`, validates every object
// against the Kubernetes schemas (kubernetes-models), then checks our policies:
//   - workloads: non-root, read-only root filesystem, no privilege escalation, all capabilities
//     dropped, seccomp RuntimeDefault, requests and limits, explicit image versions (no `latest`),
//     an emptyDir at /tmp; Deployments: startup, liveness (/healthz) and readiness (/readyz) probes
//   - every Deployment has a PodDisruptionBudget and an autoscaling/v2 HorizontalPodAutoscaler
//   - NetworkPolicies: default deny plus allow rules; no documentation-range placeholder peers left
//   - no Secret objects (operators create them), referenced ConfigMaps exist, Services and Ingress
//     backends point at something, every namespaced object has a namespace
//   - the tenants ConfigMap parses with libs/contracts' TenantsFileSchema, the remotes manifest is
//     an object of URLs
//
//   node deploy/scripts/validate-k8s.mjs [overlay ...]     (default: every folder in overlays/)
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { parseAllDocuments } from 'yaml';

const here = dirname(fileURLToPath(import.meta.url));
const k8sDir = resolve(here, '../k8s');
const repoRoot = resolve(here, '../..');
const started = Date.now();
const problems = [];
const problem = (where, message) => problems.push(`${where}: ${message}`);

/** Secrets the guide tells operators to create (deploy/README.md, "Secrets"). */
const DOCUMENTED_SECRETS = new Set([
  'meetings-database',
  'meetings-datastores',
  'meetings-auth',
  'meetings-calendar',
  'meetings-operator',
]);
/** The base's placeholder data-store peers (TEST-NET-1, RFC 5737): overlays must replace them. */
const PLACEHOLDER_CIDR = /^192\.0\.2\./;
const CLUSTER_SCOPED = new Set(['Namespace', 'ClusterRole', 'ClusterRoleBinding']);

function kustomizeTargets() {
  const requested = process.argv.slice(2);
  const overlays = requested.length
    ? requested.map((dir) => resolve(dir))
    : readdirSync(join(k8sDir, 'overlays'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => join(k8sDir, 'overlays', entry.name));
  return overlays.flatMap((dir) => {
    const migrations = join(dir, 'migrations');
    return existsSync(join(migrations, 'kustomization.yaml')) ? [dir, migrations] : [dir];
  });
}

function render(dir) {
  const result = spawnSync('kubectl', ['kustomize', dir], {
    encoding: 'utf8',
    maxBuffer: 32 * 1024 * 1024,
  });
  if (result.error) throw new Error(`kubectl is needed (${result.error.message})`);
  if (result.status !== 0) throw new Error(result.stderr.trim());
  return parseAllDocuments(result.stdout)
    .map((doc) => {
      if (doc.errors.length) throw new Error(doc.errors.map((e) => e.message).join('; '));
      return doc.toJS();
    })
    .filter(Boolean);
}

const modelCache = new Map();
async function model(apiVersion, kind) {
  const key = `${apiVersion}/${kind}`;
  if (!modelCache.has(key)) {
    modelCache.set(
      key,
      import(`kubernetes-models/${apiVersion}/${kind}`).then(
        (module) => module[kind] ?? module.default,
        () => null,
      ),
    );
  }
  return modelCache.get(key);
}

const isSubset = (selector = {}, labels = {}) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);

function checkImage(where, image) {
  if (!image) return problem(where, 'container without image');
  const tag = image.includes('@sha256:') ? 'digest' : image.split('/').pop().split(':')[1];
  if (!tag) problem(where, `image ${image} has no explicit version`);
  else if (tag === 'latest') problem(where, `image ${image} uses latest`);
}

function checkPod(where, podSpec, { probes }) {
  const pod = podSpec.securityContext ?? {};
  if (pod.runAsNonRoot !== true) problem(where, 'pod securityContext.runAsNonRoot is not true');
  if (pod.runAsUser === 0) problem(where, 'pod runs as uid 0');
  for (const container of [...(podSpec.initContainers ?? []), ...podSpec.containers]) {
    const at = `${where} container ${container.name}`;
    const sc = container.securityContext ?? {};
    checkImage(at, container.image);
    if (sc.runAsUser === 0 || sc.runAsNonRoot === false) problem(at, 'runs as root');
    if (sc.allowPrivilegeEscalation !== false) problem(at, 'allowPrivilegeEscalation is not false');
    if (sc.readOnlyRootFilesystem !== true) problem(at, 'readOnlyRootFilesystem is not true');
    if (sc.privileged) problem(at, 'is privileged');
    if (!(sc.capabilities?.drop ?? []).includes('ALL'))
      problem(at, 'does not drop ALL capabilities');
    const seccomp = sc.seccompProfile?.type ?? pod.seccompProfile?.type;
    if (seccomp !== 'RuntimeDefault' && seccomp !== 'Localhost')
      problem(at, 'no seccompProfile RuntimeDefault');
    for (const kind of ['requests', 'limits']) {
      for (const resource of ['cpu', 'memory']) {
        if (!container.resources?.[kind]?.[resource]) problem(at, `no ${kind}.${resource}`);
      }
    }
    const tmp = (container.volumeMounts ?? []).find((mount) => mount.mountPath === '/tmp');
    const volume = tmp && (podSpec.volumes ?? []).find((v) => v.name === tmp.name);
    if (!volume?.emptyDir) problem(at, 'no emptyDir mounted at /tmp');
    if (probes) {
      const path = (probe) => probe?.httpGet?.path;
      if (!container.startupProbe) problem(at, 'no startupProbe');
      if (path(container.livenessProbe) !== '/healthz')
        problem(at, 'livenessProbe is not GET /healthz');
      if (path(container.readinessProbe) !== '/readyz')
        problem(at, 'readinessProbe is not GET /readyz');
    }
  }
}

async function validateTarget(dir) {
  const where = relative(k8sDir, dir);
  let objects;
  try {
    objects = render(dir);
  } catch (error) {
    problem(where, `kubectl kustomize failed: ${error.message}`);
    return 0;
  }
  const byKind = (kind) => objects.filter((o) => o.kind === kind);

  for (const object of objects) {
    const id = `${where} ${object.kind}/${object.metadata?.name}`;
    const Model = await model(object.apiVersion, object.kind);
    if (!Model) problem(id, `no schema for ${object.apiVersion} ${object.kind}`);
    else {
      try {
        new Model(object).validate();
      } catch (error) {
        problem(id, `schema: ${error.message}`);
      }
    }
    if (!CLUSTER_SCOPED.has(object.kind) && !object.metadata?.namespace)
      problem(id, 'has no namespace');
    if (object.kind === 'Secret')
      problem(id, 'Secrets are created by operators, never rendered from here');
    if (object.kind === 'Deployment') checkPod(id, object.spec.template.spec, { probes: true });
    if (object.kind === 'Job') checkPod(id, object.spec.template.spec, { probes: false });
  }

  // Every Deployment: a PDB and an HPA (autoscaling/v2) aimed at it.
  for (const deployment of byKind('Deployment')) {
    const id = `${where} Deployment/${deployment.metadata.name}`;
    const labels = deployment.spec.template.metadata.labels;
    if (
      !byKind('PodDisruptionBudget').some((pdb) => isSubset(pdb.spec.selector?.matchLabels, labels))
    )
      problem(id, 'no PodDisruptionBudget selects its pods');
    const hpa = byKind('HorizontalPodAutoscaler').find(
      (h) =>
        h.spec.scaleTargetRef.kind === 'Deployment' &&
        h.spec.scaleTargetRef.name === deployment.metadata.name,
    );
    if (!hpa) problem(id, 'no HorizontalPodAutoscaler');
    else if (hpa.apiVersion !== 'autoscaling/v2')
      problem(id, `HPA is ${hpa.apiVersion}, not autoscaling/v2`);
  }

  // Services select pods; the Ingress points at Services and their named ports.
  const podLabels = [...byKind('Deployment')].map((d) => d.spec.template.metadata.labels);
  for (const service of byKind('Service')) {
    if (!podLabels.some((labels) => isSubset(service.spec.selector, labels)))
      problem(`${where} Service/${service.metadata.name}`, 'selects no Deployment');
  }
  for (const ingress of byKind('Ingress')) {
    for (const rule of ingress.spec.rules ?? []) {
      for (const path of rule.http?.paths ?? []) {
        const target = byKind('Service').find(
          (s) => s.metadata.name === path.backend.service?.name,
        );
        const port = path.backend.service?.port;
        if (!target)
          problem(
            `${where} Ingress/${ingress.metadata.name}`,
            `${rule.host}${path.path} -> missing Service`,
          );
        else if (port?.name && !target.spec.ports.some((p) => p.name === port.name))
          problem(
            `${where} Ingress/${ingress.metadata.name}`,
            `${rule.host}${path.path} -> no port ${port.name}`,
          );
      }
    }
  }

  // ConfigMaps referenced exist (in the same render); Secrets referenced are the documented ones.
  const configMaps = new Set(byKind('ConfigMap').map((c) => c.metadata.name));
  for (const workload of [...byKind('Deployment'), ...byKind('Job')]) {
    const id = `${where} ${workload.kind}/${workload.metadata.name}`;
    const spec = workload.spec.template.spec;
    const refs = [];
    for (const container of spec.containers) {
      for (const from of container.envFrom ?? [])
        refs.push(['cm', from.configMapRef?.name], ['s', from.secretRef?.name]);
      for (const env of container.env ?? []) {
        refs.push(
          ['cm', env.valueFrom?.configMapKeyRef?.name],
          ['s', env.valueFrom?.secretKeyRef?.name],
        );
      }
    }
    for (const volume of spec.volumes ?? [])
      refs.push(['cm', volume.configMap?.name], ['s', volume.secret?.secretName]);
    for (const [kind, name] of refs) {
      if (!name) continue;
      if (kind === 'cm' && !configMaps.has(name))
        problem(id, `ConfigMap ${name} is not part of the render`);
      if (kind === 's' && !DOCUMENTED_SECRETS.has(name))
        problem(id, `Secret ${name} is not documented in deploy/README.md`);
    }
  }

  // NetworkPolicies: default deny, allow rules, real data-store peers.
  if (byKind('Deployment').length > 0) {
    const policies = byKind('NetworkPolicy');
    const deny = policies.find(
      (p) =>
        Object.keys(p.spec.podSelector ?? {}).length === 0 &&
        !p.spec.ingress &&
        !p.spec.egress &&
        ['Ingress', 'Egress'].every((t) => p.spec.policyTypes?.includes(t)),
    );
    if (!deny)
      problem(
        where,
        'no default-deny NetworkPolicy (empty podSelector, Ingress and Egress, no rules)',
      );
    if (policies.length < 2) problem(where, 'no NetworkPolicy allows anything');
    for (const policy of policies) {
      for (const rule of policy.spec.egress ?? []) {
        for (const peer of rule.to ?? []) {
          if (peer.ipBlock && PLACEHOLDER_CIDR.test(peer.ipBlock.cidr))
            problem(
              `${where} NetworkPolicy/${policy.metadata.name}`,
              `placeholder peer ${peer.ipBlock.cidr}: set this environment's address`,
            );
        }
      }
    }
  }

  await checkGatewayFiles(where, byKind('ConfigMap'));
  return objects.length;
}

let tenantsSchema;
async function checkGatewayFiles(where, configMaps) {
  const tenants = configMaps.find((c) => c.metadata.name.startsWith('gateway-tenants'));
  if (tenants) {
    tenantsSchema ??= await import(
      pathToFileURL(join(repoRoot, 'libs/contracts/dist/index.js')).href
    )
      .then((contracts) => contracts.TenantsFileSchema)
      .catch(() => null);
    try {
      const parsed = JSON.parse(tenants.data['tenants.json']);
      if (tenantsSchema) {
        const result = tenantsSchema.safeParse(parsed);
        if (!result.success)
          problem(
            `${where} ConfigMap/${tenants.metadata.name}`,
            `tenants.json: ${result.error.message}`,
          );
      }
    } catch (error) {
      problem(`${where} ConfigMap/${tenants.metadata.name}`, `tenants.json: ${error.message}`);
    }
  }
  const remotes = configMaps.find((c) => c.metadata.name === 'remotes-manifest');
  if (remotes) {
    try {
      const manifest = JSON.parse(remotes.data['remotes.json']);
      if (
        typeof manifest !== 'object' ||
        Array.isArray(manifest) ||
        Object.keys(manifest).length === 0
      )
        throw new Error('not an object of remotes');
    } catch (error) {
      problem(`${where} ConfigMap/remotes-manifest`, `remotes.json: ${error.message}`);
    }
  }
}

const summary = [];
for (const target of kustomizeTargets())
  summary.push(`${relative(k8sDir, target)}: ${await validateTarget(target)} objects`);
if (!tenantsSchema) console.log('(libs/contracts is not built: tenants.json checked as JSON only)');
console.log(summary.map((line) => `  ${line}`).join('\n'));
const seconds = ((Date.now() - started) / 1000).toFixed(1);
if (problems.length > 0) {
  console.error(`\nvalidate-k8s: ${problems.length} problem(s):\n  ${problems.join('\n  ')}`);
  process.exit(1);
}
console.log(`validate-k8s: every rendered object is valid and meets the policies (${seconds}s)`);
