import { request } from 'node:http';

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
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            text: Buffer.concat(chunks).toString('utf8'),
          }),
        );
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
