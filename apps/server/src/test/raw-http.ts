import net from 'node:net';

export interface RawAnswer {
  /** Everything the server sent before it closed the connection (or the wait ended). */
  raw: string;
  status: number | undefined;
  headers: Record<string, string>;
  body: string;
  /** Milliseconds from connecting until the server closed the connection; undefined if it never did. */
  closedAfterMs: number | undefined;
}

function parseAnswer(raw: string): Pick<RawAnswer, 'status' | 'headers' | 'body'> {
  const headerEnd = raw.indexOf('\r\n\r\n');
  const head = headerEnd === -1 ? raw : raw.slice(0, headerEnd);
  const [statusLine, ...lines] = head.split('\r\n');
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(statusLine ?? '')?.[1];
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const separator = line.indexOf(':');
    if (separator > 0)
      headers[line.slice(0, separator).trim().toLowerCase()] = line.slice(separator + 1).trim();
  }
  return {
    status: status ? Number(status) : undefined,
    headers,
    body: headerEnd === -1 ? '' : raw.slice(headerEnd + 4),
  };
}

/**
 * Speaks HTTP/1.1 by hand over a TCP socket, for what fetch cannot send (a malformed request line, headers
 * over the limit, a body trickled a byte at a time). `write` gets the socket and sends whatever it wants;
 * the answer is read until the server closes the connection or `waitMs` pass.
 */
export function rawHttp(
  baseUrl: string,
  write: (socket: net.Socket) => void | Promise<void>,
  waitMs = 5000,
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  return new Promise((resolve) => {
    const startedAt = Date.now();
    const chunks: Buffer[] = [];
    let settled = false;
    const socket = net.connect(Number(port), hostname);
    const finish = (closed: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      const raw = Buffer.concat(chunks).toString('utf8');
      resolve({ raw, ...parseAnswer(raw), closedAfterMs: closed ? Date.now() - startedAt : undefined });
      socket.destroy();
    };
    const timer = setTimeout(() => finish(false), waitMs);
    socket.on('data', (chunk) => chunks.push(chunk));
    socket.on('close', () => finish(true));
    socket.on('error', () => finish(true));
    socket.on('connect', () => void Promise.resolve(write(socket)).catch(() => finish(true)));
  });
}

/** Writes `text` one piece at a time, `everyMs` apart, until done or the socket closes. */
export async function trickle(socket: net.Socket, text: string, everyMs: number, pieceLength = 1) {
  for (let index = 0; index < text.length && !socket.destroyed; index += pieceLength) {
    socket.write(text.slice(index, index + pieceLength));
    await new Promise((resolve) => setTimeout(resolve, everyMs));
  }
}
