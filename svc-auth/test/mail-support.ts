import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { DigestActionsResponse } from '@meetings/contracts';
import type { RunningService } from '@meetings/service-kit';
import { type TestRuntime } from '@meetings/service-kit/testing';
import { freePort, type CapturedMail } from '@meetings/testing/services';
import { startAuthService } from '../src/app.js';
import type { AuthEnv } from '../src/config.js';

/** A received message's headers (unfolded) and its body with quoted-printable undone. */
export function readMail(mail: CapturedMail): { headers: string; body: string } {
  const split = mail.raw.indexOf('\r\n\r\n');
  const headers = mail.raw.slice(0, split).replace(/\r\n[ \t]+/g, ' ');
  const body = Buffer.from(
    mail.raw
      .slice(split + 4)
      .replace(/=\r\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_m, hex: string) => `%${hex}`)
      .replace(/%(?![0-9A-F]{2})/g, '%25'),
    'utf8',
  ).toString();
  return { headers, body: decodeURIComponentSafe(body) };
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** The HTML part of a received message, decoded. */
export function htmlPart(mail: CapturedMail): string {
  const { body } = readMail(mail);
  const start = body.indexOf('Content-Type: text/html');
  if (start < 0) throw new Error('no HTML part');
  return body.slice(start, body.indexOf('</html>', start) + 7);
}

/** The plain-text part of a received message, decoded. */
export function textPart(mail: CapturedMail): string {
  const { body } = readMail(mail);
  const start = body.indexOf('Content-Type: text/plain');
  if (start < 0) throw new Error('no text part');
  return body.slice(start, body.indexOf('\r\n----', start));
}

export function header(mail: CapturedMail, name: string): string | undefined {
  const { headers } = readMail(mail);
  const line = headers
    .split('\r\n')
    .find((h) => h.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}

/** The Subject header with RFC 2047 encoded words (Q and B, UTF-8) decoded. */
export function subjectOf(mail: CapturedMail): string | undefined {
  const raw = header(mail, 'Subject');
  return raw
    ?.replace(/(\?=)\s+(=\?)/g, '$1$2')
    .replace(/=\?UTF-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, word: string) =>
      enc.toUpperCase() === 'B'
        ? Buffer.from(word, 'base64').toString('utf8')
        : Buffer.from(
            word
              .replace(/_/g, ' ')
              .replace(/=([0-9A-F]{2})/gi, (_h, hex: string) =>
                String.fromCharCode(parseInt(hex, 16)),
              ),
            'latin1',
          ).toString('utf8'),
    );
}

interface OwedAction {
  meetingId: string;
  meetingTitle: string;
  text: string;
  dueDate: string;
}

/** svc-actions' two digest routes, answered from a list the test keeps. */
export class FakeActions {
  readonly owed = new Map<string, OwedAction[]>();
  readonly requests: string[] = [];
  private server: Server | null = null;
  url = '';

  owe(email: string, action: Partial<OwedAction> & { dueDate: string }): void {
    const list = this.owed.get(email) ?? [];
    list.push({
      meetingId: action.meetingId ?? randomUUID(),
      meetingTitle: action.meetingTitle ?? 'Weekly sync',
      text: action.text ?? 'Do the thing',
      dueDate: action.dueDate,
    });
    this.owed.set(email, list);
  }

  async start(): Promise<void> {
    this.server = createServer((request, response) => {
      const url = new URL(request.url ?? '/', 'http://actions');
      this.requests.push(url.pathname + url.search);
      const through = url.searchParams.get('through') ?? '';
      response.setHeader('content-type', 'application/json');
      if (url.pathname === '/internal/actions/digest-recipients') {
        const recipients = [...this.owed.entries()]
          .filter(([, actions]) => actions.some((a) => a.dueDate <= through))
          .map(([email]) => email)
          .sort();
        response.end(JSON.stringify({ recipients }));
      } else if (url.pathname === '/internal/actions/digest') {
        const assignee = url.searchParams.get('assignee') ?? '';
        const meetings: DigestActionsResponse['meetings'] = [];
        for (const action of (this.owed.get(assignee) ?? []).filter((a) => a.dueDate <= through)) {
          let meeting = meetings.find((m) => m.id === action.meetingId);
          if (!meeting) {
            meeting = { id: action.meetingId, title: action.meetingTitle, actions: [] };
            meetings.push(meeting);
          }
          meeting.actions.push({ id: randomUUID(), text: action.text, dueDate: action.dueDate });
        }
        response.end(JSON.stringify({ meetings }));
      } else {
        response.statusCode = 404;
        response.end('{}');
      }
    });
    const port = await freePort();
    await new Promise<void>((resolve) => this.server!.listen(port, '127.0.0.1', resolve));
    this.url = `http://127.0.0.1:${port}`;
  }

  async close(): Promise<void> {
    this.server?.closeAllConnections();
    await new Promise((resolve) => (this.server ? this.server.close(resolve) : resolve(null)));
  }
}

/** svc-auth on the test infrastructure, mailing to `smtpUrl`, its digest timer off. */
export async function startAuth(
  runtime: TestRuntime,
  env: Record<string, string>,
): Promise<RunningService<AuthEnv>> {
  const managementPort = await freePort();
  return startAuthService({
    shared: { ...runtime.shared, keyStore: undefined },
    port: 0,
    managementPort,
    env: {
      ...runtime.env,
      AUTH_JWKS_URL: `http://127.0.0.1:${managementPort}/internal/jwks`,
      // With trailing slashes, as an operator may write it: links must still have one slash.
      PUBLIC_BASE_URL: 'https://minutes.example//',
      DIGEST_TICK_SECONDS: '0',
      MAIL_RETRIES: '1',
      ...env,
    },
  });
}
