import { SMTPServer } from 'smtp-server';
import { freePort } from './ports.js';

const LOGIN_CODE = /login code is (\d{6})/;

export interface CapturedMail {
  from: string;
  to: string[];
  raw: string;
}

/** A real SMTP server on a free port that keeps what it receives (login code e-mails in tests). */
export async function startTestSmtp(): Promise<{
  url: string;
  messages: CapturedMail[];
  /** Waits for the next login-code message to `to` and returns the six-digit code in it. */
  nextCode(to: string, timeoutMs?: number): Promise<string>;
  close(): Promise<void>;
}> {
  const messages: CapturedMail[] = [];
  const waiters: (() => void)[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // A reverse lookup of 127.0.0.1 waits up to 1.5 s for a resolver a sandbox may not have.
    disableReverseLookup: true,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        messages.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address.toLowerCase()),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        waiters.splice(0).forEach((wake) => wake());
        callback();
      });
    },
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const seen = new Set<CapturedMail>();
  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    async nextCode(rawTo: string, timeoutMs = 10_000): Promise<string> {
      const to = rawTo.trim().toLowerCase();
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        // Other mail to the address (an assignment, a digest) is not what a sign-in waits for.
        const mail = messages.find(
          (m) => !seen.has(m) && m.to.includes(to.toLowerCase()) && LOGIN_CODE.test(m.raw),
        );
        if (mail) {
          seen.add(mail);
          return LOGIN_CODE.exec(mail.raw)![1]!;
        }
        if (Date.now() > deadline) throw new Error(`No mail to ${to} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          waiters.push(resolve);
          setTimeout(resolve, 200);
        });
      }
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
