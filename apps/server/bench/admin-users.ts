/**
 * The admin part of `npm run bench` (run.ts calls it once the vote and read runs are done): on the
 * benchmark's 226,000 fans, the users list with a country and a search filter and the song moderation
 * list with a status and a search filter, each with autocannon on 10 connections (p99 target: under
 * 100 ms); then the export of every user to XLSX, timed, with the server process's peak memory growth
 * (target: under 150 MB and 20 s), read from /proc/<pid>/status while the file downloads.
 */
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import autocannon from 'autocannon';
import { Country, State } from 'country-state-city';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/lib/db';
import { rows } from './bench-data';

const CONNECTIONS = 10;
export const ADMIN_TOKEN = 'bench-admin-token';
/** A moderation queue far longer than any real one: 2,000 songs awaiting review. */
const PENDING_SONGS = 2_000;
/** Nigeria holds a quarter of the fans (the largest country filter); these 19 countries the rest. */
const OTHER_COUNTRIES = [
  'GH',
  'KE',
  'ZA',
  'EG',
  'MA',
  'SN',
  'CI',
  'CM',
  'TZ',
  'UG',
  'ET',
  'DZ',
  'TN',
  'AO',
  'CD',
  'RW',
  'ZW',
  'ZM',
  'ML',
];
const LIST_COUNTRIES = ['Nigeria', 'Ghana', 'Kenya', 'South Africa'];
/**
 * What an admin types to find someone: a surname (about 1 fan in 40), a full name (1 in 1,600), the
 * start of an e-mail address (a handful) and a name nobody has.
 */
const LIST_SEARCHES = ['okafor', 'Amaka Okafor', 'kwame.mensah12', 'nobody'];
/** The broadest search, measured apart: a mail domain a third of the fans share, all of them counted. */
const BROAD_SEARCH = '@yahoo';
/** 40 first names and 40 surnames from across the continent: 1,600 full names, as varied as real ones. */
const FIRST_NAMES =
  'Amaka,Chidi,Ngozi,Emeka,Tunde,Funmi,Kwame,Ama,Kofi,Abena,Wanjiru,Kamau,Otieno,Achieng,Thabo,Lerato,Sipho,Naledi,Fatou,Moussa,Aminata,Ibrahim,Youssef,Fatima,Amina,Aisha,Omar,Zainab,Tendai,Chipo,Baraka,Neema,Juma,Rehema,Kagiso,Nomvula,Bongani,Zanele,Kiprop,Wambui'.split(
    ',',
  );
const SURNAMES =
  'Okafor,Adeyemi,Mensah,Boateng,Odhiambo,Njoroge,Mwangi,Ndlovu,Dlamini,Nkosi,Diallo,Traoré,Keita,Diop,Ndiaye,Mahlangu,Banda,Phiri,Moyo,Chukwu,Eze,Okeke,Bello,Abubakar,Haddad,El Amrani,Benali,Asante,Owusu,Achebe,Balogun,Ogunleye,Kariuki,Wanjala,Tshabalala,Mokoena,Sithole,Coulibaly,Koné,Mutua'.split(
    ',',
  );
const MAIL_DOMAINS = 'gmail.com,yahoo.com,outlook.com'.split(',');
const SONG_SEARCHES = ['bench', 'pending song 1', 'artist 42', 'nothing like this'];
/** How often the server's memory is read while the export downloads. */
const SAMPLE_EVERY_MS = 20;

export interface AdminBenchResult {
  usersList: LatencyResult;
  broadUsersList: LatencyResult;
  songsList: LatencyResult;
  export: { seconds: number; bytes: number; rows: number; baselineMb: number; peakGrowthMb: number };
}

export interface LatencyResult {
  okPerSecond: number;
  failed: number;
  p50Ms: number;
  p99Ms: number;
}

/**
 * Gives the fans what an admin filters and searches on, spread as real registrations would be: a name
 * and e-mail address (the seed's 'Bench fan <n>' and 'fan<n>@bench.test' share every trigram, which no
 * real list does), a country and state of the registration list, a registration date over the last ten months and, for a third of them, a
 * recent sign-in. Adds an admin with a session and a queue of songs awaiting review.
 */
async function prepareAdminData(db: Database) {
  const places: Array<{ k: number; country: string; state: string | null }> = [];
  for (let k = 0; k < 400; k++) {
    const code = k % 4 === 0 ? 'NG' : OTHER_COUNTRIES[k % OTHER_COUNTRIES.length]!;
    const states = State.getStatesOfCountry(code);
    places.push({
      k,
      country: Country.getCountryByCode(code)!.name,
      state: states.length ? states[k % states.length]!.name : null,
    });
  }
  await db.execute(sql`create table bench_places (k int primary key, country text, state text)`);
  await db.execute(
    sql`insert into bench_places select * from json_to_recordset(${JSON.stringify(places)}::json) as p(k int, country text, state text)`,
  );
  await db.execute(sql`
    update users u set country = p.country, state = p.state,
           name = (string_to_array(${FIRST_NAMES.join(',')}, ','))[1 + b.n % 40] || ' ' || (string_to_array(${SURNAMES.join(',')}, ','))[1 + (b.n / 40) % 40],
           email = translate(lower((string_to_array(${FIRST_NAMES.join(',')}, ','))[1 + b.n % 40] || '.' || replace((string_to_array(${SURNAMES.join(',')}, ','))[1 + (b.n / 40) % 40], ' ', '')), 'é', 'e')
                   || b.n || '@' || (string_to_array(${MAIL_DOMAINS.join(',')}, ','))[1 + b.n % 3],
           created_at = now() - b.n * interval '2 minutes',
           last_login = case when b.n % 3 = 0 then now() - (b.n % 60) * interval '1 day' end
    from bench_users b join bench_places p on p.k = b.n % 400
    where u.id = b.id`);
  await ensureBenchAdmin(db);
  await db.execute(sql`
    insert into songs (title, artist, category_id, song_link, status, search_text, created_at)
    select 'Pending song ' || n, 'Pending artist ' || n, (select id from categories order by sort_order limit 1),
           'https://www.youtube.com/watch?v=pending' || n, 'pending', 'pending song ' || n || ' pending artist ' || n,
           now() - n * interval '1 minute'
    from generate_series(1, ${PENDING_SONGS}) n`);
  // As autovacuum would soon after such a load: fresh statistics, and the trigram indexes' pending lists merged.
  await db.execute(sql`vacuum analyze users`);
  await db.execute(sql`vacuum analyze songs`);
}

/**
 * The bench admin and its session (ADMIN_TOKEN), unless a part that ran before made them: every admin
 * part signs in as this account.
 */
export async function ensureBenchAdmin(db: Database) {
  await db.execute(sql`
    insert into users (name, email, role, email_verified)
    values ('Bench admin', 'admin@bench.test', 'admin', true) on conflict do nothing`);
  const tokenHash = createHash('sha256').update(ADMIN_TOKEN).digest('hex');
  await db.execute(sql`
    insert into sessions (token_hash, user_id, device_type)
    select ${tokenHash}, id, 'desktop' from users where email = 'admin@bench.test'
    on conflict do nothing`);
}

/** Admin GETs of `paths` in turn for `seconds`, signed in as the bench admin: throughput and latency. */
export async function measureLatency(
  baseUrl: string,
  paths: string[],
  seconds: number,
  connections = CONNECTIONS,
): Promise<LatencyResult> {
  let next = 0;
  const result = await autocannon({
    url: baseUrl,
    connections,
    duration: seconds,
    headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    requests: [
      { method: 'GET', setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length]! }) },
    ],
  });
  return {
    okPerSecond: Math.round(result['2xx'] / (result.duration || seconds)),
    failed: result.non2xx + result.errors + result.timeouts,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
  };
}

/** The resident memory of a process, in bytes (Linux). */
function residentBytes(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kilobytes = /VmRSS:\s+(\d+)\s+kB/.exec(status)?.[1];
  return Number(kilobytes ?? 0) * 1024;
}

/** Downloads the export of every user, reading the server's RSS meanwhile; answers time, size and peak growth. */
async function measureExport(baseUrl: string, serverPid: number) {
  const baseline = residentBytes(serverPid);
  let peak = baseline;
  const sampler = setInterval(() => {
    peak = Math.max(peak, residentBytes(serverPid));
  }, SAMPLE_EVERY_MS);
  const startedAt = performance.now();
  let bytes = 0;
  try {
    const response = await fetch(`${baseUrl}/api/admin/export/users?format=excel`, {
      headers: { authorization: `Bearer ${ADMIN_TOKEN}` },
    });
    if (!response.ok) throw new Error(`The export answered ${response.status}`);
    for await (const chunk of response.body!) bytes += (chunk as Uint8Array).length;
  } finally {
    clearInterval(sampler);
  }
  peak = Math.max(peak, residentBytes(serverPid));
  return { seconds: (performance.now() - startedAt) / 1000, bytes, baseline, peak };
}

/** Runs the admin measurements against the running benchmark server. */
export async function runAdminBench(options: {
  db: Database;
  baseUrl: string;
  serverPid: number;
  seconds: number;
}): Promise<AdminBenchResult> {
  console.log('Admin: giving the fans names, countries, states and registration dates…');
  await prepareAdminData(options.db);
  console.log('Admin: the users list (country and search) and the moderation list (pending and search)…');
  const usersList = await measureLatency(
    options.baseUrl,
    LIST_COUNTRIES.flatMap((country) =>
      LIST_SEARCHES.map(
        (search) =>
          `/api/admin/users?country=${encodeURIComponent(country)}&search=${encodeURIComponent(search)}`,
      ),
    ),
    options.seconds,
  );
  const broadUsersList = await measureLatency(
    options.baseUrl,
    LIST_COUNTRIES.map(
      (country) =>
        `/api/admin/users?country=${encodeURIComponent(country)}&search=${encodeURIComponent(BROAD_SEARCH)}`,
    ),
    options.seconds,
  );
  const songsList = await measureLatency(
    options.baseUrl,
    SONG_SEARCHES.map((search) => `/api/admin/songs?status=pending&search=${encodeURIComponent(search)}`),
    options.seconds,
  );
  console.log('Admin: exporting every user to XLSX…');
  const exported = await measureExport(options.baseUrl, options.serverPid);
  const [audit] = rows<{ row_count: string }>(
    await options.db.execute(
      sql`select details->>'rowCount' as row_count from audit_log where action = 'users.exported' order by id desc limit 1`,
    ),
  );
  return {
    usersList,
    broadUsersList,
    songsList,
    export: {
      seconds: exported.seconds,
      bytes: exported.bytes,
      rows: Number(audit?.row_count ?? 0),
      baselineMb: exported.baseline / 1024 / 1024,
      peakGrowthMb: (exported.peak - exported.baseline) / 1024 / 1024,
    },
  };
}

/** Prints the admin table and answers the targets it missed. */
export function printAdminBench(result: AdminBenchResult): string[] {
  const { usersList, broadUsersList, songsList, export: file } = result;
  console.log(`\nAdmin back-office: ${CONNECTIONS} HTTP connections, signed in as an admin\n`);
  console.log('| run | throughput | p50 ms | p99 ms | target |\n|---|---|---|---|---|');
  console.log(
    `| users list, country + search (20 a page) | ${usersList.okPerSecond} req/s | ${usersList.p50Ms} | ${usersList.p99Ms} | p99 < 100 ms |`,
  );
  console.log(
    `| users list, country + a mail domain a third of the fans share | ${broadUsersList.okPerSecond} req/s | ${broadUsersList.p50Ms} | ${broadUsersList.p99Ms} | (worst case) |`,
  );
  console.log(
    `| song moderation list, pending + search | ${songsList.okPerSecond} req/s | ${songsList.p50Ms} | ${songsList.p99Ms} | p99 < 100 ms |`,
  );
  console.log(
    `\nUsers export: ${file.rows.toLocaleString('en')} users, ${(file.bytes / 1024 / 1024).toFixed(1)} MB of XLSX in ${file.seconds.toFixed(1)} s (target < 20 s); server RSS ${file.baselineMb.toFixed(0)} MB before, peak growth ${file.peakGrowthMb.toFixed(0)} MB during the download (target < 150 MB)`,
  );
  const missed: string[] = [];
  if (usersList.failed + broadUsersList.failed + songsList.failed > 0)
    missed.push('an admin list request failed');
  if (usersList.p99Ms >= 100) missed.push('users list (country + search) p99 over 100 ms');
  if (songsList.p99Ms >= 100) missed.push('song moderation list p99 over 100 ms');
  if (file.seconds >= 20) missed.push('users export over 20 s');
  if (file.peakGrowthMb >= 150) missed.push('users export grew the server by 150 MB or more');
  return missed;
}
