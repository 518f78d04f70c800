import { CommonErrorCode, ServerMessages, type ApiError } from '@meetings/contracts';

/**
 * A refusal the service means to give: an HTTP status, a stable code and the text users see.
 * Services throw these; the exception filter turns them into the common error body.
 */
export class DomainError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** The input field the refusal is about, when there is one. */
    readonly field?: string,
  ) {
    super(message);
    this.name = 'DomainError';
  }

  toBody(requestId?: string): ApiError {
    return {
      statusCode: this.status,
      code: this.code,
      error: this.message,
      message: this.message,
      ...(this.field ? { field: this.field } : {}),
      ...(requestId ? { requestId } : {}),
    };
  }

  static fromBody(body: ApiError): DomainError {
    return new DomainError(body.statusCode, body.code, body.error, body.field);
  }
}

export const Errors = {
  validation: (message: string = ServerMessages.validationFailed, field?: string) =>
    new DomainError(400, CommonErrorCode.ValidationFailed, message, field),
  unauthenticated: () =>
    new DomainError(401, CommonErrorCode.Unauthenticated, ServerMessages.unauthenticated),
  forbidden: () => new DomainError(403, CommonErrorCode.Forbidden, ServerMessages.forbidden),
  notFound: (message: string = ServerMessages.notFound) =>
    new DomainError(404, CommonErrorCode.NotFound, message),
  unavailable: (message: string = ServerMessages.upstreamUnavailable) =>
    new DomainError(503, CommonErrorCode.UpstreamUnavailable, message),
  timeout: () =>
    new DomainError(504, CommonErrorCode.UpstreamTimeout, ServerMessages.upstreamTimeout),
};

/** The message of anything thrown: an Error's message, else the value as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
