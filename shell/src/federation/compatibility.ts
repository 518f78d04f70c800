import { satisfy, type ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';

/** One shared singleton a remote needs in a version the shell does not provide. */
export interface Incompatibility {
  pkg: string;
  required: string;
  provided: string;
}

/** A remote refused because it was built against shared packages this shell cannot give it. */
export class RemoteIncompatibleError extends Error {
  override readonly name = 'RemoteIncompatibleError';
  /** The versions the remote was built for, and those the shell provides: "react ^20.0.0, ...". */
  readonly needs: string;
  readonly provides: string;
  constructor(
    readonly remote: string,
    problems: Incompatibility[],
  ) {
    const needs = problems.map((p) => `${p.pkg} ${p.required}`).join(', ');
    const provides = problems.map((p) => `${p.pkg} ${p.provided}`).join(', ');
    super(`${remote} needs ${needs}, but this app provides ${provides}.`);
    this.needs = needs;
    this.provides = provides;
  }
}

interface ManifestShared {
  name: string;
  singleton?: boolean;
  requiredVersion?: string;
}

interface ManifestLike {
  metaData?: { buildInfo?: { buildVersion?: string } };
  shared?: ManifestShared[];
}

/** The shell's own shared modules, as the federation runtime holds them: the versions it provides. */
type ProvidedShared = Record<string, { version?: string }[] | undefined>;

/** Checks a remote's manifest against the versions of the singletons the shell provides. */
export function incompatibilities(
  manifest: ManifestLike,
  provided: ProvidedShared,
): Incompatibility[] {
  const problems: Incompatibility[] = [];
  for (const shared of manifest.shared ?? []) {
    const version = provided[shared.name]?.[0]?.version;
    if (!shared.singleton || !version || !shared.requiredVersion || shared.requiredVersion === '*')
      continue;
    if (!satisfy(version, shared.requiredVersion)) {
      problems.push({ pkg: shared.name, required: shared.requiredVersion, provided: version });
    }
  }
  return problems;
}

const releases = new Map<string, string>();

/** The release (build version) of each remote the page loaded, as its manifest says. */
export function remoteRelease(name: string): string | undefined {
  return releases.get(name);
}

/**
 * Runtime plugin: before a remote's code runs, its manifest's shared singletons are checked
 * against the shell's; a remote built for another major version of React, the router, MUI or the
 * shell context is refused with a clear message instead of breaking the page.
 */
export function remoteCompatibilityPlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'meetings-remote-compatibility',
    async loadRemoteSnapshot(args) {
      const manifest = args.manifestJson as ManifestLike | undefined;
      if (manifest) {
        const name = args.moduleInfo.name;
        const release = manifest.metaData?.buildInfo?.buildVersion;
        if (release) releases.set(name, release);
        const problems = incompatibilities(manifest, args.options.shared);
        if (problems.length > 0) throw new RemoteIncompatibleError(name, problems);
      }
      return args;
    },
  };
}

/** The refusal behind an error, wherever the federation runtime wrapped it. */
export function findIncompatibility(error: unknown): RemoteIncompatibleError | undefined {
  for (let current = error, depth = 0; current && depth < 5; depth++) {
    if (current instanceof RemoteIncompatibleError) return current;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}
