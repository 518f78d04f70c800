import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * A plain HTTP answer on a socket no response object owns (a refused WebSocket upgrade, a request
 * Node could not parse), after which the socket is closed.
 */
export function answerSocket(socket: Duplex, status: number, body?: object): void {
  const json = body ? JSON.stringify(body) : '';
  const type = body ? 'Content-Type: application/json; charset=utf-8\r\n' : '';
  if (socket.writable)
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\n${type}Content-Length: ${Buffer.byteLength(json)}\r\nConnection: close\r\n\r\n${json}`,
    );
  socket.destroy();
}
