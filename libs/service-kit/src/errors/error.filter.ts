import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { CommonErrorCode, ServerMessages } from '@meetings/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { type Observable, throwError } from 'rxjs';
import { DomainError, Errors } from './domain-error.js';
import { transientFailure } from './transient.js';

const STATUS_CODES: Record<number, CommonErrorCode> = {
  400: CommonErrorCode.ValidationFailed,
  401: CommonErrorCode.Unauthenticated,
  403: CommonErrorCode.Forbidden,
  404: CommonErrorCode.NotFound,
  413: CommonErrorCode.PayloadTooLarge,
  415: CommonErrorCode.ValidationFailed,
  429: CommonErrorCode.RateLimited,
  503: CommonErrorCode.UpstreamUnavailable,
  504: CommonErrorCode.UpstreamTimeout,
};

const DEFAULT_TEXT: Partial<Record<CommonErrorCode, string>> = {
  [CommonErrorCode.ValidationFailed]: ServerMessages.validationFailed,
  [CommonErrorCode.Unauthenticated]: ServerMessages.unauthenticated,
  [CommonErrorCode.Forbidden]: ServerMessages.forbidden,
  [CommonErrorCode.NotFound]: ServerMessages.notFound,
  [CommonErrorCode.PayloadTooLarge]: ServerMessages.payloadTooLarge,
  [CommonErrorCode.RateLimited]: ServerMessages.rateLimited,
};

/** Fastify's own client errors that deserve a text of their own. */
const FASTIFY_TEXT: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: ServerMessages.notJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: ServerMessages.notJson,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: ServerMessages.jsonBodyRequired,
};

/** Every error leaves the service in the one body shape; anything unexpected is logged and hidden. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly logger: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): Observable<never> | void {
    // Message handlers get the original error back: the bus transport turns it into a reply.
    if (host.getType() !== 'http') return throwError(() => exception);
    const http = host.switchToHttp();
    const reply = http.getResponse<FastifyReply>();
    const request = http.getRequest<FastifyRequest>();
    const body = asDomainError(exception).toBody(String(request.id));
    if (body.statusCode >= 500) {
      const level = transientFailure(exception) ? 'warn' : 'error';
      this.logger[level]({ err: exception, reqId: request.id, url: request.url }, 'request failed');
    }
    void reply
      .status(body.statusCode)
      .header('content-type', 'application/json; charset=utf-8')
      .send(body);
  }
}

/**
 * Any error as the refusal it stands for: Nest's and Fastify's client errors keep their status, a
 * dependency that is away or too slow is 503 or 504 (the caller may try again), the rest is 500.
 */
function asDomainError(exception: unknown): DomainError {
  if (exception instanceof DomainError) return exception;
  if (exception instanceof HttpException) {
    const status = exception.getStatus();
    const code =
      STATUS_CODES[status] ??
      (status >= 500 ? CommonErrorCode.Internal : CommonErrorCode.ValidationFailed);
    const text = extractText(exception.getResponse()) ?? DEFAULT_TEXT[code];
    return new DomainError(status, code, text ?? ServerMessages.internal);
  }
  const { statusCode, code } = (exception ?? {}) as { statusCode?: unknown; code?: unknown };
  if (typeof statusCode === 'number' && statusCode >= 400 && statusCode < 500) {
    const common = STATUS_CODES[statusCode] ?? CommonErrorCode.ValidationFailed;
    const text = FASTIFY_TEXT[String(code)] ?? DEFAULT_TEXT[common];
    return new DomainError(statusCode, common, text ?? ServerMessages.validationFailed);
  }
  const transient = transientFailure(exception);
  if (transient === 'timeout') return Errors.timeout();
  if (transient === 'unavailable') return Errors.unavailable();
  return new DomainError(500, CommonErrorCode.Internal, ServerMessages.internal);
}

function extractText(response: unknown): string | undefined {
  if (typeof response === 'string') return response;
  if (response && typeof response === 'object') {
    const message = (response as { message?: unknown }).message;
    if (Array.isArray(message) && typeof message[0] === 'string') return message[0];
    if (typeof message === 'string') return message;
  }
  return undefined;
}
