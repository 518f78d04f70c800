export declare const REMOTES: readonly ['mfe-onboarding', 'mfe-meetings', 'mfe-actions'];
export type RemoteName = (typeof REMOTES)[number];

export declare function remoteDirsFrom(value?: string): Partial<Record<RemoteName, string>>;
export type ProcessName =
  'svc-auth' | 'svc-subscription' | 'svc-meetings' | 'svc-actions' | 'gateway';

export interface ProcessSpec {
  name: ProcessName;
  script: string;
  port: number;
  /** Internal and operator routes, metrics, readiness (the gateway: metrics and readiness). */
  managementPort: number;
  env: Record<string, string>;
}

export declare function servicePorts(base: number): {
  auth: number;
  subscription: number;
  meetings: number;
  actions: number;
};

export declare function managementPorts(base: number): ReturnType<typeof servicePorts>;
export declare function basePorts(base: number): number[];

export declare function distributedProcesses(options: {
  root: string;
  base: number;
  gatewayPort: number | string;
  /** Default: the gateway's port + 1. */
  gatewayManagementPort?: number;
  remoteDirs?: Partial<Record<RemoteName, string>>;
}): ProcessSpec[];
