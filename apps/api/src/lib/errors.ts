import type { FieldErrors } from '@funnelry/shared'

/** Typed errors thrown by services; plugins/error-handler.ts turns each into the spec's body. */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message)
  }
}

/** 400 with errors keyed by field (and `non_field_errors`). */
export class ValidationError extends AppError {
  constructor(readonly fields: FieldErrors) {
    super(400, 'Validation failed')
  }
  static field(field: string, message: string): ValidationError {
    return new ValidationError({ [field]: [message] })
  }
  static nonField(message: string): ValidationError {
    return new ValidationError({ non_field_errors: [message] })
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, message)
  }
}

export class AuthenticationError extends AppError {
  constructor(message = 'Authentication credentials were not provided or are no longer valid.') {
    super(401, message)
  }
}

/** Decision D33: the password was right but two-factor is on; `otp_required` tells the log-in form to ask for the code. */
export class OtpRequiredError extends AppError {
  constructor(message: string) {
    super(401, message)
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, message)
  }
}

/** Payment calls answer `{ "error": "..." }` (spec section 8). */
export class PaymentError extends AppError {
  constructor(message: string, statusCode = 400) {
    super(statusCode, message)
  }
}

/** 429 with the seconds to wait, sent as `Retry-After` too. */
export class TooManyRequestsError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message)
  }
}

/** 409: the request is sound but the data's state refuses it; `extra` adds fields to the body (e.g. what to detach). */
export class ConflictError extends AppError {
  constructor(
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(409, message)
  }
}
