import type { Mailbox } from './cluster.js';
import type { Recorder } from './stats.js';

export interface Answer<T = Record<string, unknown>> {
  status: number;
  ms: number;
  json: T;
  /** The request got an answer the caller listed as expected. */
  ok: boolean;
  /** The outcome of a write is unknown: no answer, or a 5xx after the body was sent. */
  uncertain: boolean;
  text: string;
  /** When the answer (or the failure) came, epoch ms. */
  endedAt: number;
  op: string;
}

export interface CallOptions {
  /** Statuses that are right for this call (default 200). */
  expect?: number[];
  /** Statuses that are a legitimate race (a share revoked meanwhile), not counted as failures. */
  tolerate?: number[];
  timeoutMs?: number;
  /** Extra request headers. */
  headers?: Record<string, string>;
}

/** A browser-like API user: keeps its session cookie, sends the headers the shell sends. */
export class UserClient {
  cookie = '';

  constructor(
    readonly base: string,
    readonly email: string,
    private readonly recorder?: Recorder,
  ) {}

  async call<T = Record<string, unknown>>(
    op: string,
    method: string,
    path: string,
    body?: unknown,
    options: CallOptions = {},
  ): Promise<Answer<T>> {
    const expect = options.expect ?? [200];
    const started = Date.now();
    const t0 = performance.now();
    let status = 0;
    let text: string;
    try {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(this.cookie ? { cookie: this.cookie } : {}),
          ...options.headers,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 30_000),
      });
      status = response.status;
      for (const entry of response.headers.getSetCookie()) {
        const [pair] = entry.split(';');
        const [name, value] = pair!.split('=');
        if (name === 'session' || name === '__Host-session')
          this.cookie = value ? `${name}=${value}` : '';
      }
      text = await response.text();
    } catch (error) {
      text = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
    }
    const ms = performance.now() - t0;
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : {};
    } catch {
      json = {};
    }
    const ok = expect.includes(status);
    const tolerated = options.tolerate?.includes(status) ?? false;
    this.recorder?.record({ op, status, ms, at: started, failed: !ok && !tolerated });
    return {
      status,
      ms,
      json: json as T,
      ok,
      uncertain: status === 0 || status >= 500,
      text,
      endedAt: Date.now(),
      op,
    };
  }
}

/**
 * Signs a user in through the gateway the way the shell does: request a code, read it from the
 * test mailbox, verify it, accept the privacy statement and see the trial notice.
 */
export async function signUp(
  base: string,
  mailbox: Mailbox,
  email: string,
  recorder?: Recorder,
  options: { onboard?: boolean } = {},
): Promise<UserClient> {
  const user = new UserClient(base, email, recorder);
  const code = await requestCode(user, mailbox);
  const verified = await user.call('sign-in', 'POST', '/api/auth/validate-otp', { email, code });
  if (!verified.ok)
    throw new Error(`validate-otp for ${email}: ${verified.status} ${verified.text}`);
  if (options.onboard !== false) {
    const privacy = await user.call('sign-in', 'POST', '/api/auth/accept-privacy', {});
    if (!privacy.ok) throw new Error(`accept-privacy: ${privacy.status} ${privacy.text}`);
    const trial = await user.call('sign-in', 'POST', '/api/auth/acknowledge-trial', {});
    if (!trial.ok) throw new Error(`acknowledge-trial: ${trial.status} ${trial.text}`);
  }
  return user;
}

/**
 * Asks for a login code and reads it from the mailbox. An uncertain answer (none, or a 5xx) is
 * what a person meets as "Please try again": the code may have gone out all the same, so the
 * mailbox is read first, and only without a message is the code asked for again (twice at most).
 * Every attempt is recorded, so a retried sign-in still counts as a failed call.
 */
async function requestCode(user: UserClient, mailbox: Mailbox): Promise<string> {
  for (let attempt = 1; ; attempt++) {
    const sent = await user.call('sign-in', 'POST', '/api/auth/request-otp', { email: user.email });
    if (sent.ok) return mailbox.nextCode(user.email, 30_000);
    const failure = `request-otp for ${user.email}: ${sent.status} ${sent.text}`;
    if (!sent.uncertain || attempt === 3) throw new Error(failure);
    console.warn(`${failure} (attempt ${attempt}; reading the mailbox, then trying again)`);
    const delivered = await mailbox.nextCode(user.email, 5_000).catch(() => null);
    if (delivered) return delivered;
  }
}
