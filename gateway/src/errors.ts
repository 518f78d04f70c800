import { CommonErrorCode, ServerMessages, type ApiError } from '@meetings/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';

export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  statusCode: number,
  code: string,
  text: string,
): FastifyReply {
  const body: ApiError = {
    statusCode,
    code,
    error: text,
    message: text,
    requestId: String(request.id),
  };
  return reply
    .status(statusCode)
    .header('content-type', 'application/json; charset=utf-8')
    .header('cache-control', 'no-store')
    .send(body);
}

const TIMEOUT_CODES = new Set([
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
  'UND_ERR_CONNECT_TIMEOUT',
  'FST_REPLY_FROM_GATEWAY_TIMEOUT',
  'ETIMEDOUT',
]);
const DOWN_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'EAI_AGAIN',
  'EHOSTUNREACH',
  'UND_ERR_SOCKET',
  'FST_REPLY_FROM_SERVICE_UNAVAILABLE',
]);

/** An upstream failure as the browser should see it: 503 down, 504 too slow, 502 anything else. */
export function upstreamFailure(error: unknown): {
  status: number;
  code: CommonErrorCode;
  text: string;
} {
  // reply-from wraps the network error; its code may sit one or two causes deep.
  const codes: string[] = [];
  let current = error as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 3; depth++) {
    if (current.code) codes.push(current.code);
    current = current.cause as typeof current;
  }
  const status = (error as { statusCode?: number }).statusCode;
  if (codes.some((c) => TIMEOUT_CODES.has(c)) || status === 504) {
    return {
      status: 504,
      code: CommonErrorCode.UpstreamTimeout,
      text: ServerMessages.upstreamTimeout,
    };
  }
  if (codes.some((c) => DOWN_CODES.has(c)) || status === 503) {
    return {
      status: 503,
      code: CommonErrorCode.UpstreamUnavailable,
      text: ServerMessages.upstreamUnavailable,
    };
  }
  return { status: 502, code: CommonErrorCode.BadGateway, text: ServerMessages.badGateway };
}
