import type { Socket } from 'node:net';
import { AppError, ValidationError } from '@/lib/errors';
import { errorEnvelopeParts } from './envelope';

/**
 * A request Node.js's HTTP parser refuses before any handler runs — a request line and headers
 * past its 16 KiB (`HPE_HEADER_OVERFLOW`: a path of ~10 KB), a malformed request line — was
 * answered with Node's bare status line (431, 400) and no body. Both hosts' servers answer it
 * here instead, in the envelope with the headers every answer carries, and close the connection
 * (its request cannot be read past the fault). A connection already gone is only closed.
 */
export function answerClientError(err: Error & { code?: string }, socket: Socket): void {
  if (!socket.writable || err.code === 'ECONNRESET') {
    socket.destroy();
    return;
  }
  const refusal =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? new AppError(
          'error.request_header_fields_too_large',
          'The request line and headers are over 16 KiB: shorten the URL (send search terms in fewer characters) or the headers',
        )
      : new ValidationError(`The request could not be read as HTTP/1.1 (${err.code ?? 'malformed'})`, null);
  const { status, headers, text } = errorEnvelopeParts(refusal, { headers: { Connection: 'close' } });
  const reason = status === 431 ? 'Request Header Fields Too Large' : 'Bad Request';
  const head = Object.entries(headers)
    .map(([k, v]) => `${k}: ${v}`)
    .join('\r\n');
  socket.end(`HTTP/1.1 ${status} ${reason}\r\n${head}\r\n\r\n${text}`);
}
