import { request } from 'node:http';

/** A live stream (server-sent events) does not end by itself: test clients read up to its first event. */
export function isEventStream(contentType: string | null | undefined): boolean {
  return !!contentType?.startsWith('text/event-stream');
}

/** Whether a stream's text so far holds a whole event (not only the `retry` line). */
export function holdsEvent(text: string): boolean {
  return /(^|\n)event: [^\n]*\n(data: [^\n]*\n)*\n/.test(text);
}

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * One HTTP request with the path exactly as given (fetch would normalise `..` and encodings away)
 * and any headers, including ones fetch refuses to send (Origin, Sec-Fetch-Site, Content-Length).
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  path: string,
  options: { headers?: Record<string, string>; body?: string | Buffer; timeoutMs?: number } = {},
): Promise<RawResponse> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const req = request(
      {
        host: url.hostname,
        port: url.port,
        method,
        path,
        headers: options.headers,
        timeout: options.timeoutMs ?? 30_000,
        // A connection of its own: a server that answers early and closes must not hurt the next request.
        agent: false,
      },
      (res) => {
        const chunks: Buffer[] = [];
        const answer = () => ({
          status: res.statusCode ?? 0,
          headers: res.headers,
          text: Buffer.concat(chunks).toString('utf8'),
        });
        // A live stream does not end by itself: it is read up to its first event.
        const stream = isEventStream(res.headers['content-type']);
        res.on('data', (chunk: Buffer) => {
          chunks.push(chunk);
          if (stream && holdsEvent(Buffer.concat(chunks).toString('utf8'))) {
            resolve(answer());
            req.destroy();
          }
        });
        res.on('end', () => resolve(answer()));
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer in time`)));
    req.on('error', reject);
    // The server may answer (413, 431) and close while the body is still being written.
    req.on('socket', (socket) => socket.on('error', () => undefined));
    if (options.body !== undefined) req.write(options.body);
    req.end();
  });
}
