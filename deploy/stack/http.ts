// HTTP for the stack test: through the balancer over TLS (trusting the test's own certificate through the
// agent), or straight to an instance over plain HTTP on loopback.
import http from 'node:http';
import https from 'node:https';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  // biome-ignore lint/suspicious/noExplicitAny: the API's JSON, read field by field by the checks
  json(): any;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  raw?: { bytes: Buffer; type: string };
  token?: string;
  headers?: Record<string, string>;
  agent?: https.Agent;
}

export function request(url: string, options: RequestOptions = {}): Promise<Answer> {
  const target = new URL(url);
  const headers: Record<string, string> = { ...options.headers };
  let payload: Buffer | undefined;
  if (options.raw) {
    payload = options.raw.bytes;
    headers['content-type'] = options.raw.type;
  } else if (options.body !== undefined) {
    payload = Buffer.from(JSON.stringify(options.body));
    headers['content-type'] = 'application/json';
  }
  if (payload) headers['content-length'] = String(payload.length);
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  const transport = target.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const outgoing = transport.request(
      target,
      { method: options.method ?? 'GET', headers, agent: options.agent, timeout: 30_000 },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          const body = Buffer.concat(chunks);
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            body,
            json: () => JSON.parse(body.toString('utf8')),
          });
        });
        response.on('error', reject);
      },
    );
    outgoing.on('timeout', () => outgoing.destroy(new Error(`timeout: ${url}`)));
    outgoing.on('error', reject);
    outgoing.end(payload);
  });
}

/** A form as a multipart body and its content type (boundary included), as a browser sends it. */
export async function multipart(form: FormData) {
  const encoded = new Response(form);
  return { bytes: Buffer.from(await encoded.arrayBuffer()), type: encoded.headers.get('content-type')! };
}
