import { Catch, HttpException, type ArgumentsHost, type ExceptionFilter } from '@nestjs/common';
import { AppError } from '@app/contracts';
import type { Logger } from '@app/config';
import { pgErrorCode } from '@app/database';
import { MAX_JSON_DEPTH, MAX_JSON_FIELDS } from './json-depth.js';

/** One error shape for every failure: `{statusCode, message}` with a sentence a person can act on. */
@Catch()
export class ErrorFilter implements ExceptionFilter {
  constructor(private readonly log: Logger) {}

  catch(exception: unknown, host: ArgumentsHost): void {
    const ctx = host.switchToHttp();
    const res = ctx.getResponse();
    const req = ctx.getRequest();
    const { statusCode, message } = this.describe(exception);
    if (statusCode >= 500 && !(exception instanceof AppError))
      this.log.error('request failed', { requestId: req?.id, path: req?.path, err: exception });
    if (res.headersSent) return;
    if (exception instanceof AppError && exception.retryAfterSeconds !== undefined) res.setHeader('Retry-After', String(exception.retryAfterSeconds));
    res.status(statusCode).json({ statusCode, message });
  }

  private describe(exception: unknown): { statusCode: number; message: string } {
    if (exception instanceof AppError) return { statusCode: exception.statusCode, message: exception.message };
    // Nest's express adapter wraps body-parser errors in an HttpException; the raw parser text helps no one.
    const parserError = bodyParserError(exception instanceof HttpException ? exception.cause : undefined);
    if (parserError) return parserError;
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      const body = exception.getResponse() as string | { message?: string | string[] };
      const raw = typeof body === 'string' ? body : body?.message;
      const message = Array.isArray(raw) ? raw.join('; ') : raw || exception.message;
      return { statusCode: status, message: friendly(status, message) };
    }
    const e = exception as { status?: number };
    const direct = bodyParserError(exception);
    if (direct) return direct;
    if (typeof e?.status === 'number' && e.status >= 400 && e.status < 500) {
      return { statusCode: e.status, message: 'The request could not be read.' };
    }
    const pgCode = pgErrorCode(exception);
    if (pgCode === '22P02' || pgCode === '22P05' || pgCode === '22007' || pgCode === '22008' || pgCode === '22003' || pgCode === '22021') {
      return { statusCode: 400, message: 'A value in the request has the wrong format.' };
    }
    if (isUnavailable(exception)) {
      return { statusCode: 503, message: 'The database is unavailable right now. Please try again in a moment.' };
    }
    return { statusCode: 500, message: 'Something went wrong on our side. Please try again.' };
  }
}

/** Postgres unreachable or restarting: connection refused/reset, class 08 (connection) and 57P0x (shutdown) errors. */
function isUnavailable(err: unknown): boolean {
  const code = pgErrorCode(err) ?? '';
  const e = err as { message?: string } | undefined;
  if (['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', '57P01', '57P02', '57P03'].includes(code) || code.startsWith('08')) return true;
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(e?.message ?? '');
}

/** body-parser errors: malformed JSON, body too large. */
function bodyParserError(err: unknown): { statusCode: number; message: string } | null {
  const e = err as { type?: string } | undefined;
  if (e?.type === 'entity.parse.failed') return { statusCode: 400, message: 'The request body is not valid JSON.' };
  if (e?.type === 'entity.too.large') return { statusCode: 413, message: 'The request body is too large.' };
  if (e?.type === 'encoding.unsupported')
    return { statusCode: 415, message: 'Content-Encoding is not accepted: send the request body uncompressed.' };
  if (e?.type === 'entity.too.wide')
    return { statusCode: 400, message: `An object in the request body has too many fields (at most ${MAX_JSON_FIELDS}).` };
  if (e?.type === 'entity.not.object') return { statusCode: 400, message: 'The request body must be a JSON object.' };
  if (e?.type === 'entity.too.deep') return { statusCode: 400, message: `The request body is nested too deeply (at most ${MAX_JSON_DEPTH} levels).` };
  return null;
}

function friendly(status: number, message: string): string {
  if (status === 404 && /^Cannot (GET|POST|PUT|DELETE|PATCH|HEAD|OPTIONS)/.test(message)) return 'Not found.';
  return message;
}
