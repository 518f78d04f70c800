import { CommonErrorCode as Code, ServerMessages } from '@meetings/contracts';
import { answerSocket, DomainError } from '@meetings/service-kit';
import type { Duplex } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Every answer the gateway gives itself: status, code and text. */
const ANSWERS = {
  badAddress: [400, Code.ValidationFailed, 'The address of the request is not valid.'],
  unreadable: [400, Code.ValidationFailed, 'The request could not be read.'],
  requestTimeout: [408, Code.ValidationFailed, 'The request took too long to arrive.'],
  headersTooLarge: [431, Code.PayloadTooLarge, 'The request headers are too large.'],
  validationFailed: [400, Code.ValidationFailed, ServerMessages.validationFailed],
  crossSite: [403, Code.CrossSiteRequest, ServerMessages.crossSite],
  notFound: [404, Code.NotFound, ServerMessages.notFound],
  payloadTooLarge: [413, Code.PayloadTooLarge, ServerMessages.payloadTooLarge],
  jsonBodyRequired: [415, Code.ValidationFailed, ServerMessages.jsonBodyRequired],
  internal: [500, Code.Internal, ServerMessages.internal],
  badGateway: [502, Code.BadGateway, ServerMessages.badGateway],
  upstreamUnavailable: [503, Code.UpstreamUnavailable, ServerMessages.upstreamUnavailable],
  upstreamTimeout: [504, Code.UpstreamTimeout, ServerMessages.upstreamTimeout],
} as const;
export type Answer = keyof typeof ANSWERS;

function errorOf(answer: Answer, status?: number): DomainError {
  const [defaultStatus, code, text] = ANSWERS[answer];
  return new DomainError(status ?? defaultStatus, code, text);
}

/** Sends one of ANSWERS in the API's error body (`status` for a 4xx the framework chose). */
export function sendError(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: Answer,
  status?: number,
): FastifyReply {
  const body = errorOf(answer, status).toBody(request.id);
  return reply
    .status(body.statusCode)
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
export function upstreamFailure(error: unknown): Answer {
  // reply-from wraps the network error; its code may sit one or two causes deep.
  const codes: string[] = [];
  let current = error as { code?: string; cause?: unknown } | undefined;
  for (let depth = 0; current && depth < 3; depth++) {
    if (current.code) codes.push(current.code);
    current = current.cause as typeof current;
  }
  const status = (error as { statusCode?: number }).statusCode;
  if (codes.some((c) => TIMEOUT_CODES.has(c)) || status === 504) return 'upstreamTimeout';
  if (codes.some((c) => DOWN_CODES.has(c)) || status === 503) return 'upstreamUnavailable';
  return 'badGateway';
}

/** Node's parser refused the request (headers too large, a timeout, bad HTTP): answer in JSON. */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const answer: Answer =
    error.code === 'HPE_HEADER_OVERFLOW'
      ? 'headersTooLarge'
      : error.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? 'requestTimeout'
        : 'unreadable';
  const body = errorOf(answer).toBody();
  answerSocket(socket, body.statusCode, body);
}
