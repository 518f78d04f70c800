import { createServer, type Server } from 'node:http';
import { startTestSmtp } from '@meetings/testing/services';

const LOGIN_CODE = /login code is (\d{6})/;

/**
 * The test mailbox (a real SMTP server) the product sends login codes to, plus a small HTTP door
 * through which the tests, in other processes, ask for the n-th login code sent to an address.
 */
export async function startMailbox(): Promise<{
  smtpUrl: string;
  httpUrl: string;
  close(): Promise<void>;
}> {
  const smtp = await startTestSmtp();
  // Login-code mails only: assignment mails and digests to the same address must not
  // shift the index a test reads its next code at.
  const mailsTo = (to: string) =>
    smtp.messages.filter((m) => m.to.includes(to) && LOGIN_CODE.test(m.raw));

  const http: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://mailbox');
    const to = (url.searchParams.get('to') ?? '').toLowerCase();
    if (url.pathname === '/count') {
      res.end(JSON.stringify({ count: mailsTo(to).length }));
      return;
    }
    const deadline = Date.now() + 15_000;
    // Any other mail (a recap): the first to the address whose text has the given words.
    if (url.pathname === '/mail') {
      const words = url.searchParams.get('contains') ?? '';
      const find = () => {
        const mail = smtp.messages.find((m) => m.to.includes(to) && m.raw.includes(words));
        if (mail) res.end(JSON.stringify({ raw: mail.raw }));
        else if (Date.now() > deadline) {
          res.statusCode = 404;
          res.end(JSON.stringify({ error: `no mail to ${to} with "${words}"` }));
        } else setTimeout(find, 100);
      };
      find();
      return;
    }
    const index = Number(url.searchParams.get('after') ?? '0');
    const look = () => {
      const mail = mailsTo(to)[index];
      if (mail) {
        res.end(JSON.stringify({ code: LOGIN_CODE.exec(mail.raw)?.[1], raw: mail.raw }));
      } else if (Date.now() > deadline) {
        res.statusCode = 404;
        res.end(JSON.stringify({ error: `no mail ${index} to ${to}` }));
      } else setTimeout(look, 100);
    };
    look();
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const httpPort = (http.address() as { port: number }).port;
  return {
    smtpUrl: smtp.url,
    httpUrl: `http://127.0.0.1:${httpPort}`,
    close: async () => {
      await new Promise<void>((resolve) => http.close(() => resolve()));
      await smtp.close();
    },
  };
}
