import { MSG } from '@tz/shared/messages';

/**
 * The one error type of the server. The code is stable for clients; the
 * message is the German text the user sees; the status tells the truth
 * (400 invalid input, 401 login, 403 forbidden, 404, 409 conflict, 422 rule).
 */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details?: unknown,
  ) {
    super(message);
  }

  static badRequest(message: string, details?: unknown, code = 'BAD_REQUEST') {
    return new AppError(400, code, message, details);
  }
  static unauthorized(message: string = MSG.notLoggedIn, code = 'UNAUTHORIZED') {
    return new AppError(401, code, message);
  }
  static forbidden(message: string = MSG.forbidden, code = 'FORBIDDEN') {
    return new AppError(403, code, message);
  }
  static notFound(message: string = MSG.notFound, code = 'NOT_FOUND') {
    return new AppError(404, code, message);
  }
  static conflict(message: string, code = 'CONFLICT') {
    return new AppError(409, code, message);
  }
  static rule(message: string, code: string, details?: unknown) {
    return new AppError(422, code, message, details);
  }
  /**
   * A refusal that concerns one field of the request body: `details` names it
   * (FieldError), so the form marks the field; the message is the German text.
   * `more` adds machine-readable facts to that entry (a booking refusal's reason).
   */
  static field(status: 400 | 403 | 409 | 422, field: string, message: string, code: string, more: object = {}) {
    return new AppError(status, code, message, [{ ...more, field, message }]);
  }
}
