import { type ArgumentsHost, Catch, type ExceptionFilter, HttpException } from '@nestjs/common';
import { CommonErrorCode, ServerMessages, type ApiError } from '@meetings/contracts';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Logger } from 'pino';
import { type Observable, throwError } from 'rxjs';
import { DomainError } from './domain-error.js';
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

/** Turns Fastify's own client errors (bad JSON, too large, wrong content type) into our body. */
function fromFastifyError(error: {
  statusCode?: number;
  code?: string;
  message: string;
}): ApiError | null {
  const status = error.statusCode;
  if (!status || status < 400 || status >= 500) return null;
  const code = STATUS_CODES[status] ?? CommonErrorCode.ValidationFailed;
  let text = DEFAULT_TEXT[code] ?? ServerMessages.validationFailed;
  if (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
  )
    text = 'The request body is not valid JSON.';
  if (error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE')
    text = 'Send the request body as application/json.';
  return { statusCode: status, code, error: text, message: text };
}

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
    const body = this.toBody(exception, request);
    body.requestId = String(request.id);
    if (body.statusCode >= 500) {
      const level = transientFailure(exception) ? 'warn' : 'error';
      this.logger[level]({ err: exception, reqId: request.id, url: request.url }, 'request failed');
    }
    void reply
      .status(body.statusCode)
      .header('content-type', 'application/json; charset=utf-8')
      .send(body);
  }

  private toBody(exception: unknown, _request: FastifyRequest): ApiError {
    if (exception instanceof DomainError) return exception.toBody();
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const code =
        STATUS_CODES[status] ??
        (status >= 500 ? CommonErrorCode.Internal : CommonErrorCode.ValidationFailed);
      const response = exception.getResponse();
      const text = extractText(response) ?? DEFAULT_TEXT[code] ?? ServerMessages.internal;
      return { statusCode: status, code, error: text, message: text };
    }
    const fastifyBody =
      exception && typeof exception === 'object' && 'statusCode' in exception
        ? fromFastifyError(exception as { statusCode?: number; code?: string; message: string })
        : null;
    if (fastifyBody) return fastifyBody;
    return (
      transientErrorBody(exception) ?? {
        statusCode: 500,
        code: CommonErrorCode.Internal,
        error: ServerMessages.internal,
        message: ServerMessages.internal,
      }
    );
  }
}
/**
 * The database (or another dependency) is away or too slow: 503 or 504, so the caller may try
 * again; null for every other error.
 */
function transientErrorBody(error: unknown): ApiError | null {
  const transient = transientFailure(error);
  if (transient === 'timeout')
    return {
      statusCode: 504,
      code: CommonErrorCode.UpstreamTimeout,
      error: ServerMessages.upstreamTimeout,
      message: ServerMessages.upstreamTimeout,
    };
  if (transient === 'unavailable')
    return {
      statusCode: 503,
      code: CommonErrorCode.UpstreamUnavailable,
      error: ServerMessages.upstreamUnavailable,
      message: ServerMessages.upstreamUnavailable,
    };
  return null;
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
