/**
 * The reads part of `npm run bench`: the category page as a browser asks for it (a guest,
 * brotli and gzip accepted) against a bare Fastify route serving the very same bytes and headers from its own
 * process, with the same connections and seconds; then a revalidation run (If-None-Match, answered 304) and
 * the songs list. The two sides of the ratio run in alternating slices (ABBAAB) over the same span: on two
 * cores shared with other work, load swings by half within seconds, and back-to-back runs measured the swing.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import http from 'node:http';
import autocannon from 'autocannon';

/** The category page at least 80% of what Fastify alone does sending the same bytes. */
const TARGET_RATIO = 0.8;
/** A browser's Accept-Encoding (the issue's own). */
const BROWSER_ENCODINGS = 'gzip, br';
/** The bare server's process learns its pages on IPC; this variable makes this file that process. */
const BARE_SERVER_ENV = 'OVATION_BENCH_BARE_READS';
/** A fresh server or bare process compiles its hot path first: not measured. */
const WARMUP_SECONDS = 2;
/** The two sides of the ratio take turns in three slices each, ABBAAB, so neither is always first. */
const SLICE_ORDER = ['category', 'bare', 'bare', 'category', 'category', 'bare'] as const;
/** Headers Node writes per connection or per answer itself; every other one is copied as it came. */
const TRANSPORT_HEADERS = new Set([
  'date',
  'connection',
  'keep-alive',
  'content-length',
  'transfer-encoding',
]);

interface Page {
  path: string;
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
}

interface RunResult {
  okPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  /** Answers other than the expected status, errors and timeouts. */
  unexpected: number;
}

/** One GET with raw bytes (fetch would decompress them) and the headers as they came. */
function getRaw(baseUrl: string, path: string, headers: Record<string, string>): Promise<Page> {
  return new Promise((resolve, reject) => {
    const request = http.get(new URL(path, baseUrl), { headers }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const copied: Record<string, string | string[]> = {};
        for (const [name, value] of Object.entries(response.headers)) {
          if (value !== undefined && !TRANSPORT_HEADERS.has(name)) copied[name] = value;
        }
        resolve({ path, status: response.statusCode ?? 0, headers: copied, body: Buffer.concat(chunks) });
      });
    });
    request.on('error', reject);
  });
}

interface Slice extends RunResult {
  answered: number;
  seconds: number;
}

async function runSlice(
  baseUrl: string,
  requests: Array<{ path: string; headers: Record<string, string> }>,
  options: { seconds: number; connections: number; expect: 200 | 304 },
): Promise<Slice> {
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections: options.connections,
    duration: options.seconds,
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          const chosen = requests[next++ % requests.length]!;
          return { ...request, path: chosen.path, headers: chosen.headers };
        },
      },
    ],
  });
  const seconds = result.duration || options.seconds;
  const answered = options.expect === 304 ? result['3xx'] : result['2xx'];
  return {
    answered,
    seconds,
    okPerSecond: Math.round(answered / seconds),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    unexpected: result.requests.total - answered + result.errors + result.timeouts,
  };
}

/** Slices as one run: the rate over their whole time, latencies weighted by the answers of each slice. */
function combine(slices: Slice[]): RunResult {
  const answered = slices.reduce((sum, slice) => sum + slice.answered, 0);
  const seconds = slices.reduce((sum, slice) => sum + slice.seconds, 0);
  const weighted = (pick: (slice: Slice) => number) =>
    Math.round(slices.reduce((sum, slice) => sum + pick(slice) * slice.answered, 0) / Math.max(1, answered));
  return {
    okPerSecond: Math.round(answered / seconds),
    p50Ms: weighted((slice) => slice.p50Ms),
    p99Ms: weighted((slice) => slice.p99Ms),
    unexpected: slices.reduce((sum, slice) => sum + slice.unexpected, 0),
  };
}

/** Starts this file as the bare Fastify server in its own process, serving `pages`; answers its address. */
async function startBareServer(pages: Page[]): Promise<{ child: ChildProcess; baseUrl: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', import.meta.filename], {
    env: { ...process.env, [BARE_SERVER_ENV]: '1' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.once('message', (message) => resolve((message as { port: number }).port));
    child.once('exit', (code) => reject(new Error(`The bare Fastify server exited (${code})`)));
    child.send(pages.map((page) => ({ ...page, body: page.body.toString('base64') })));
  });
  return { child, baseUrl: `http://127.0.0.1:${port}` };
}

async function stop(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The bare server's process: one route, the recorded bytes and headers of each page, nothing else. */
async function serveBareRoute() {
  const { default: Fastify } = await import('fastify');
  process.once('message', async (message) => {
    const pages = new Map(
      (message as Array<Omit<Page, 'body'> & { body: string }>).map((page) => [
        page.path,
        { headers: page.headers, body: Buffer.from(page.body, 'base64') },
      ]),
    );
    const app = Fastify();
    app.get('/api/categories/:id', (request, reply) => {
      const page = pages.get(request.url)!;
      reply.headers(page.headers).send(page.body);
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    process.send!({ port: typeof address === 'object' && address ? address.port : 0 });
    process.once('SIGTERM', () => void app.close().then(() => process.exit(0)));
  });
}

const formatRate = (result: RunResult, unit: string) =>
  `${result.okPerSecond.toLocaleString('en-US')} ${unit}`;

/**
 * Measures the reads and answers the main table's rows (`[run, throughput, p50 ms, p99 ms, ratio]`) and
 * the targets missed: the category page under 80% of bare Fastify, a public page a CDN could not keep, an
 * answer other than the expected one.
 */
export async function runReadsBench(options: {
  baseUrl: string;
  categoryIds: string[];
  seconds: number;
  connections: number;
}): Promise<{ rows: string[][]; missedTargets: string[] }> {
  const { baseUrl, seconds, connections } = options;
  const missedTargets: string[] = [];
  const browser = { 'accept-encoding': BROWSER_ENCODINGS };
  const pages = await Promise.all(
    options.categoryIds.map((id) => getRaw(baseUrl, `/api/categories/${id}`, browser)),
  );
  const sample = pages[0]!;
  if (pages.some((page) => page.status !== 200)) missedTargets.push('a category page did not answer 200');
  if (!/\bpublic\b/.test(String(sample.headers['cache-control'])) || !sample.headers.etag)
    missedTargets.push('the category page is not cacheable by a CDN (public Cache-Control and an ETag)');

  const categoryRequests = pages.map((page) => ({ path: page.path, headers: browser }));
  const bare = await startBareServer(pages);
  const measured = { category: [] as Slice[], bare: [] as Slice[] };
  try {
    const targets = { category: baseUrl, bare: bare.baseUrl };
    const warmup = { seconds: WARMUP_SECONDS, connections, expect: 200 as const };
    await runSlice(baseUrl, categoryRequests, warmup);
    await runSlice(bare.baseUrl, categoryRequests, warmup);
    const sliceSeconds = Math.max(1, Math.round((2 * seconds) / SLICE_ORDER.length));
    const slice = { seconds: sliceSeconds, connections, expect: 200 as const };
    for (const side of SLICE_ORDER)
      measured[side].push(await runSlice(targets[side], categoryRequests, slice));
  } finally {
    await stop(bare.child);
  }
  const categoryPage = combine(measured.category);
  const bareRoute = combine(measured.bare);

  const revalidations = await runSlice(
    baseUrl,
    pages.map((page) => ({
      path: page.path,
      headers: { ...browser, 'if-none-match': String(page.headers.etag) },
    })),
    { seconds, connections, expect: 304 },
  );
  const songsList = await runSlice(
    baseUrl,
    [1, 2, 3, 4].map((page) => ({ path: `/api/songs?page=${page}&limit=12`, headers: browser })),
    { seconds, connections, expect: 200 },
  );

  const ratio = bareRoute.okPerSecond ? categoryPage.okPerSecond / bareRoute.okPerSecond : 0;
  if (ratio < TARGET_RATIO)
    missedTargets.push(`category page at ${Math.round(100 * ratio)}% of bare Fastify (target ≥ 80%)`);
  for (const [name, result] of [
    ['category page', categoryPage],
    ['bare Fastify', bareRoute],
    ['category page revalidation (304)', revalidations],
    ['songs list', songsList],
  ] as const) {
    if (result.unexpected > 0)
      missedTargets.push(`${name}: ${result.unexpected} unexpected answers or errors`);
  }

  const row = (run: string, result: RunResult, unit: string, note = '') => [
    run,
    formatRate(result, unit),
    String(result.p50Ms),
    String(result.p99Ms),
    note,
  ];
  return {
    rows: [
      row(
        'HTTP category page (guest, brotli)',
        categoryPage,
        'req/s',
        `${Math.round(100 * ratio)}% of bare Fastify (target ≥ 80%)`,
      ),
      row('Bare Fastify route, same bytes and headers', bareRoute, 'req/s'),
      row('HTTP category page, If-None-Match', revalidations, '304/s'),
      row('HTTP songs list (12 a page)', songsList, 'req/s'),
    ],
    missedTargets,
  };
}

if (process.env[BARE_SERVER_ENV] === '1') await serveBareRoute();
