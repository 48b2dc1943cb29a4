/**
 * Typed errors that services throw. The one error handler (plugins/error-handler.ts) turns them
 * into `{ error: { code, message } }` with their status; anything else becomes a 500 with a
 * generic message.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class ValidationError extends AppError {
  constructor(message: string, code = 'validation_failed') {
    super(400, code, message);
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Sign-in required', code = 'unauthorized') {
    super(401, code, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have access to this', code = 'forbidden') {
    super(403, code, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found', code = 'not_found') {
    super(404, code, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string, code = 'conflict') {
    super(409, code, message);
  }
}

/**
 * PostgreSQL could not be reached or did not answer in time: nothing is wrong with the request,
 * and the same request may succeed shortly, so the client is told when to try again.
 */
export class DatabaseUnavailableError extends AppError {
  readonly retryAfterSeconds = 5;

  constructor(message = 'The database is not answering right now. Please try again in a few seconds.') {
    super(503, 'database_unavailable', message);
  }
}
