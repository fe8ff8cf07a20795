import { deviceSignatureOf, ipPrefixOf } from '../../lib/network';
import { hashToUint32 } from './deterministic';

/**
 * Where the demo votes come from: the mobile networks of the fans' countries and the phones and
 * browsers they use, derived from hashes so every seed gives the same addresses. The first two octets
 * stand for a national carrier's address space (illustrative, not a registry lookup); carriers put many
 * subscribers behind shared addresses and hand a phone a different one from day to day, so a fan's votes
 * move between several /24s of their carrier, and many fans share each one: the ordinary picture the
 * fraud-review signals must not flag.
 */
const CARRIER_BLOCKS: Record<string, readonly string[]> = {
  Nigeria: ['102.89', '105.112', '197.210', '129.205'],
  Ghana: ['154.160', '41.66', '197.251'],
  Kenya: ['105.160', '41.90', '197.248'],
  'South Africa': ['41.13', '105.245', '197.184'],
  Tanzania: ['41.75', '197.250'],
  Uganda: ['41.210', '102.85'],
  Morocco: ['105.66', '41.250'],
  Egypt: ['41.34', '197.32', '156.199'],
  Senegal: ['41.82', '154.124'],
  "Côte d'Ivoire": ['41.207', '160.154'],
  Cameroon: ['41.202', '154.72'],
  'DR Congo': ['41.243', '197.157'],
  Zambia: ['41.223', '102.147'],
  Zimbabwe: ['41.174', '197.221'],
  Rwanda: ['41.186', '197.157'],
  Ethiopia: ['196.188', '196.189'],
  Algeria: ['41.96', '105.101'],
  Tunisia: ['41.226', '197.2'],
  Angola: ['41.63', '105.168'],
  Mali: ['41.73', '154.118'],
};
const FALLBACK_BLOCKS = CARRIER_BLOCKS.Nigeria!;
/** The /24s of one carrier block a fan's phone is handed addresses from: a small pool, as CGNAT does. */
const SUBNETS_PER_FAN = 6;

/** The browser each kind of device votes from, the popular ones on the continent's phones and laptops. */
const USER_AGENTS: Record<string, readonly string[]> = {
  mobile: [
    'Mozilla/5.0 (Linux; Android 13; TECNO KI5q) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (Linux; Android 12; Infinix X6816) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (Linux; Android 13; SM-A145F) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (Linux; Android 11; itel A665L) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/122.0.0.0 Mobile Safari/537.36',
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
    'Opera/9.80 (Android; Opera Mini/76.0/191.303; U; en) Presto/2.12.423 Version/12.16',
  ],
  desktop: [
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Safari/605.1.15',
    'Mozilla/5.0 (X11; Linux x86_64; rv:125.0) Gecko/20100101 Firefox/125.0',
  ],
  tablet: [
    'Mozilla/5.0 (Linux; Android 13; SM-X200) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36',
    'Mozilla/5.0 (iPad; CPU OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1',
  ],
};

/** The accept-language a browser in each country sends. */
const LANGUAGES: Record<string, string> = {
  Senegal: 'fr-SN,fr;q=0.9',
  "Côte d'Ivoire": 'fr-CI,fr;q=0.9',
  Cameroon: 'fr-CM,fr;q=0.9,en;q=0.8',
  'DR Congo': 'fr-CD,fr;q=0.9',
  Mali: 'fr-ML,fr;q=0.9',
  Morocco: 'fr-MA,ar;q=0.9',
  Algeria: 'ar-DZ,fr;q=0.9',
  Tunisia: 'ar-TN,fr;q=0.9',
  Egypt: 'ar-EG,ar;q=0.9,en;q=0.8',
  Kenya: 'en-KE,sw;q=0.9',
  Tanzania: 'sw-TZ,en;q=0.8',
  Angola: 'pt-AO,pt;q=0.9',
};
const DEFAULT_LANGUAGE = 'en-US,en;q=0.9';

export interface VoteOrigin {
  ip: string;
  ipPrefix: string;
  deviceSignature: string;
}

/** A fan as the network picture knows them: a stable key (their e-mail) and their country. */
export interface NetworkedFan {
  key: string;
  country: string;
}

/** The address a fan's vote on `day` came from, and their browser's signature for `deviceType`. */
export function voteOriginOf(fan: NetworkedFan, day: number, deviceType: string): VoteOrigin {
  const blocks = CARRIER_BLOCKS[fan.country] ?? FALLBACK_BLOCKS;
  const block = blocks[hashToUint32(`${fan.key}|carrier`) % blocks.length]!;
  const firstSubnet = hashToUint32(`${fan.key}|subnet`) % 256;
  const subnet = (firstSubnet + (hashToUint32(`${fan.key}|${day}|day`) % SUBNETS_PER_FAN) * 37) % 256;
  const host = 2 + (hashToUint32(`${fan.key}|${day}|host`) % 250);
  const ip = `${block}.${subnet}.${host}`;
  const agents = USER_AGENTS[deviceType] ?? USER_AGENTS.mobile!;
  const agent = agents[hashToUint32(`${fan.key}|${deviceType}|agent`) % agents.length]!;
  return {
    ip,
    ipPrefix: ipPrefixOf(ip)!,
    deviceSignature: deviceSignatureOf(agent, LANGUAGES[fan.country] ?? DEFAULT_LANGUAGE)!,
  };
}
