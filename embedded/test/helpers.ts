import { createTestRuntime, type TestRuntime } from '@meetings/service-kit/testing';
import { eventually, startTestSmtp } from '@meetings/testing/services';
import { startPlatform, type PlatformOptions, type RunningPlatform } from '../src/index.js';
import { holdsEvent, isEventStream } from './security/raw-http.js';

export interface TestPlatform {
  platform: RunningPlatform;
  runtime: TestRuntime;
  smtp: Awaited<ReturnType<typeof startTestSmtp>>;
  /** fetch against the gateway, keeping cookies like a browser would. */
  client(): ApiClient;
  close(): Promise<void>;
}

/** A live stream (server-sent events) does not end by itself: tests read up to its first event. */
async function firstEvent(response: Response): Promise<string> {
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = '';
  while (!holdsEvent(text)) {
    const { done, value } = await reader.read();
    if (done) break;
    text += decoder.decode(value, { stream: true });
  }
  await reader.cancel();
  return text;
}

export class ApiClient {
  private cookie = '';
  constructor(private readonly base: string) {}

  async call(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers: {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...(this.cookie ? { cookie: this.cookie } : {}),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const setCookie = response.headers.getSetCookie();
    for (const entry of setCookie) {
      const [pair] = entry.split(';');
      const [name, value] = pair!.split('=');
      if (name === 'session' || name === '__Host-session')
        this.cookie = value ? `${name}=${value}` : '';
    }
    const text = isEventStream(response.headers.get('content-type'))
      ? await firstEvent(response)
      : await response.text();
    let json: unknown;
    try {
      json = text ? JSON.parse(text) : undefined;
    } catch {
      json = undefined;
    }
    return {
      status: response.status,
      headers: response.headers,
      json: json as Record<string, unknown>,
      text,
    };
  }

  get sessionCookie(): string {
    return this.cookie;
  }

  set sessionCookie(value: string) {
    this.cookie = value;
  }
}

export async function startTestPlatform(
  options: Partial<PlatformOptions> = {},
): Promise<TestPlatform> {
  const runtime = await createTestRuntime();
  const smtp = await startTestSmtp();
  const platform = await startPlatform({
    port: 0,
    host: '127.0.0.1',
    dataDir: runtime.env.DATA_DIR,
    ...options,
    // Services verify the tokens svc-auth really issues, not the test keys.
    shared: { ...runtime.shared, keyStore: undefined, ...options.shared },
    env: {
      ...runtime.env,
      SMTP_URL: smtp.url,
      OTP_EMAIL_PER_MINUTE: '100',
      OTP_EMAIL_PER_HOUR: '100',
      OTP_IP_PER_HOUR: '1000',
      VERIFY_IP_PER_15_MINUTES: '1000',
      ...options.env,
    },
  });
  return {
    platform,
    runtime,
    smtp,
    client: () => new ApiClient(platform.url),
    async close() {
      await platform.close();
      await smtp.close();
      await runtime.cleanup();
    },
  };
}

/** Signs in through the gateway with the code from the test mailbox. */
export async function signIn(t: TestPlatform, email: string): Promise<ApiClient> {
  const client = t.client();
  const sent = await client.call('POST', '/api/auth/request-otp', { email });
  if (sent.status !== 200) throw new Error(`request-otp answered ${sent.status} ${sent.text}`);
  const code = await t.smtp.nextCode(email);
  const verified = await client.call('POST', '/api/auth/validate-otp', { email, code });
  if (verified.status !== 200) throw new Error(`validate-otp answered ${verified.status}`);
  return client;
}

export { eventually };
