import { EMAIL_ADDRESS } from '../core/personal-data.ts';
import type { FastifyRequest } from 'fastify';

/** Where log lines go when not to stdout: anything with write(line), such as a test's capture. */
export interface LogStream {
  write(line: string): void;
}

/**
 * The logger's options: JSON lines (pino, through Fastify) at the configured level, to
 * stdout or the given stream, with serializers that keep credentials and personal data out.
 * A request is logged as its method and route pattern only (request-log.ts writes the one
 * line per request); an error as its type, code, message and stack with anything shaped
 * like an email address, a Canopy credential, a signing secret, a gift code, a signed link's
 * signature or a URL's password masked: a database error's `detail`, a mail server's
 * rejection or a failed connection's URL would otherwise carry them.
 */
export function loggerOptions(level: string, stream?: LogStream) {
  return {
    level,
    ...(stream ? { stream } : {}),
    serializers: { req: requestSummary, err: errorSummary },
    // A header object logged by mistake anywhere: its credentials are censored.
    redact: {
      paths: ['headers.authorization', 'headers.cookie', 'headers["set-cookie"]', '*.headers.authorization', '*.headers.cookie', '*.headers["set-cookie"]'],
      censor: '[redacted]',
    },
  };
}

function requestSummary(request: FastifyRequest) {
  return { method: request.method, route: request.routeOptions?.url ?? 'unmatched' };
}

interface LoggedError extends Error {
  code?: unknown;
  statusCode?: unknown;
}

/** What an error logs: never its other fields (`detail`, `parameters`, `rejected`, `envelope`...). */
export function errorSummary(error: unknown) {
  if (!(error instanceof Error)) return { type: typeof error, message: maskSecrets(String(error)), stack: '' };
  const { code, statusCode } = error as LoggedError;
  return {
    type: error.name,
    message: maskSecrets(error.message),
    ...(typeof code === 'string' || typeof code === 'number' ? { code } : {}),
    ...(typeof statusCode === 'number' ? { statusCode } : {}),
    stack: maskSecrets(error.stack ?? ''),
  };
}

const MASKS: readonly [RegExp, string][] = [
  // postgres://user:password@host, smtp://user:password@host
  [/(\/\/)[^/\s:@]+:[^/\s@]*@/g, '$1[redacted]@'],
  [/\b(canopy_(?:live|test|v1|fdn)_)[A-Za-z0-9]{32}\b/g, '$1[redacted]'],
  [/whsec_[A-Za-z0-9+/=_-]+/g, 'whsec_[redacted]'],
  [EMAIL_ADDRESS, '[email]'],
  // A gift code in a URL (/gift/7KQ4-M2XD-9RTB), typed in any case and grouping.
  [/(\/gift\/)[^\s/?#"']+/gi, '$1[code]'],
  // The secret of a one-time dashboard link (an invitation, a sign-in link, a password reset).
  [/(\/dashboard\/(?:invite|link|reset)\/)[^\s/?#"']+/gi, '$1[redacted]'],
  // The signature of a signed download link.
  [/([?&]signature=)[^&\s"']+/gi, '$1[redacted]'],
];

/** The text with every credential, secret, gift code and email address in it masked. */
export function maskSecrets(text: string): string {
  return MASKS.reduce((masked, [pattern, replacement]) => masked.replace(pattern, replacement), text);
}
