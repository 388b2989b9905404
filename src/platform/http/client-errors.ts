import { type IncomingMessage, maxHeaderSize, type ServerResponse, STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { type CanopyError, errorBody, errors } from '../../core/errors.ts';
import { newId } from '../../core/ids.ts';

/**
 * Requests refused before Fastify routes them: Node's HTTP parser rejects bytes that are
 * not HTTP (an unknown method, oversized headers, broken framing), and hands CONNECT past
 * the router. There is no request or reply object then, so the one error shape is written
 * as a whole response straight to the connection, with a request id of its own.
 */

interface ParseError extends Error {
  code?: string;
  /** llhttp's short account of what it could not parse ("Invalid method encountered"). */
  reason?: string;
}

/**
 * Fastify's clientErrorHandler (Fastify binds `this` to the app): answers what Node's
 * parser refused, then closes the connection.
 */
export function clientErrorHandler(publicBaseUrl: string) {
  return function answerClientError(this: { log: FastifyBaseLogger }, error: ParseError, socket: Socket): void {
    // A reset or already closed connection has nobody left to answer.
    if (error.code === 'ECONNRESET' || socket.destroyed) return;
    answerOnSocket(socket, refusalFor(error), publicBaseUrl, this.log, error.code);
  };
}

/** The server's 'connect' listener. CONNECT asks for a tunnel; Canopy is no proxy, so no endpoint answers it. */
export function connectHandler(publicBaseUrl: string, log: FastifyBaseLogger) {
  return function answerConnect(request: IncomingMessage, socket: Socket): void {
    answerOnSocket(socket, errors.routeNotFound('CONNECT', request.url ?? ''), publicBaseUrl, log);
  };
}

/**
 * Node answers an HTTP/1.1 request without Host with a bare 400 of its own unless told not
 * to (`requireHostHeader: false`); this hook refuses it instead, in the one shape.
 */
export async function requireHostHeader(request: FastifyRequest): Promise<void> {
  const { httpVersionMajor, httpVersionMinor, headers } = request.raw;
  if (httpVersionMajor === 1 && httpVersionMinor === 1 && headers.host === undefined) throw errors.hostMissing();
}

function refusalFor(error: ParseError): CanopyError {
  switch (error.code) {
    case 'HPE_HEADER_OVERFLOW':
      return errors.headersTooLarge(maxHeaderSize);
    case 'HPE_CHUNK_EXTENSIONS_OVERFLOW':
      return errors.chunkExtensionsTooLarge();
    case 'ERR_HTTP_REQUEST_TIMEOUT':
      return errors.requestTimeout();
    default:
      return errors.requestMalformed(error.reason ?? error.message);
  }
}

/**
 * Writes the refusal as a complete HTTP/1.1 response and closes the connection: after a
 * parse error the parser cannot find where a next request would start. When a response on
 * this connection has already begun, a second status line would corrupt it, so the
 * connection is only closed (as Node does).
 */
function answerOnSocket(socket: Socket, refusal: CanopyError, publicBaseUrl: string, log: FastifyBaseLogger, parserCode?: string): void {
  const requestId = newId('request');
  // Not the parse error itself: it carries the raw bytes received, credentials among them.
  log.info({ reqId: requestId, code: refusal.code, parser_code: parserCode, message: refusal.message }, 'request refused before routing');
  if (!socket.writable || responseStarted(socket)) {
    socket.destroy();
    return;
  }
  const body = JSON.stringify(errorBody(refusal, requestId, publicBaseUrl));
  const head = [
    `HTTP/1.1 ${refusal.status} ${STATUS_CODES[refusal.status]}`,
    'Content-Type: application/json; charset=utf-8',
    `Content-Length: ${Buffer.byteLength(body)}`,
    `Request-Id: ${requestId}`,
    'Connection: close',
  ];
  socket.end(`${head.join('\r\n')}\r\n\r\n${body}`, () => socket.destroy());
}

/** Node keeps the response being written on a connection as `_httpMessage`; there is no public accessor. */
function responseStarted(socket: Socket): boolean {
  return (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage?.headersSent === true;
}
