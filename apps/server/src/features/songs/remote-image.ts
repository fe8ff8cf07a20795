import dns from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { MAX_IMAGE_BYTES } from '@ovation/shared';
import { AppError, Invalid, PayloadTooLarge } from '../../lib/errors';

/** 10 s: a cover link that takes longer is not worth holding an admin's request open for. */
const FETCH_TIMEOUT_MS = 10_000;
/** Image hosts often redirect once or twice (CDN, https); more is a loop or a trick. */
const MAX_REDIRECTS = 3;

/**
 * Addresses a link may never reach: loopback, private, link-local (cloud metadata), carrier-grade NAT,
 * documentation, multicast and reserved ranges, in IPv4 and IPv6. Fetching a link typed by a user is
 * otherwise a way to read the server's own network (SSRF).
 */
const BLOCKED_V4 = new net.BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED_V4.addSubnet(network, prefix, 'ipv4');
}
// Apart from the IPv4 list: a block list matches IPv4 addresses against IPv4-mapped IPv6 rules.
const BLOCKED_V6 = new net.BlockList();
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  // IPv4-mapped and translated addresses would reach the IPv4 ranges above by another name.
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001:db8::', 32],
  ['fc00::', 7],
  // 6to4, Teredo, IPv4-compatible, local-use NAT64 and site-local: other ways of naming private IPv4
  // or internal networks.
  ['2002::', 16],
  ['2001::', 32],
  ['::', 96],
  ['64:ff9b:1::', 48],
  ['fec0::', 10],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED_V6.addSubnet(network, prefix, 'ipv6');
}

export type AddressPolicy = (address: string, family: 4 | 6) => boolean;

/** Whether a link may reach this address: only public unicast addresses. */
export const isPublicAddress: AddressPolicy = (address, family) =>
  family === 6 ? !BLOCKED_V6.check(address, 'ipv6') : !BLOCKED_V4.check(address, 'ipv4');

function unreachable(reason: string) {
  return Invalid('VALIDATION_ERROR', {
    detail: `The album cover link could not be used: ${reason}`,
    errors: [
      {
        field: 'albumCover',
        message: 'Album cover must be a valid http(s) link or an uploaded image',
        key: 'validation.albumCoverInvalid',
      },
    ],
  });
}

/** A DNS lookup that refuses names resolving to a blocked address; the connection uses what it checked. */
function guardedLookup(allow: AddressPolicy): net.LookupFunction {
  return (hostname, options, callback) => {
    dns.lookup(hostname, { all: true }, (error, addresses) => {
      if (error) return callback(error, '', 4);
      const allowed = addresses.filter((entry) => allow(entry.address, entry.family as 4 | 6));
      if (allowed.length === 0 || allowed.length !== addresses.length) {
        return callback(Object.assign(new Error('blocked address'), { code: 'EADDRBLOCKED' }), '', 4);
      }
      if ((options as { all?: boolean }).all)
        return (callback as unknown as (e: null, a: unknown) => void)(null, allowed);
      callback(null, allowed[0]!.address, allowed[0]!.family);
    });
  };
}

function fetchOnce(url: URL, allow: AddressPolicy, signal: AbortSignal) {
  return new Promise<{ redirect?: string; bytes?: Buffer }>((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const request = client.get(
      url,
      { lookup: guardedLookup(allow), signal, headers: { accept: 'image/*', 'user-agent': 'Ovation/1.0' } },
      (response) => {
        const status = response.statusCode ?? 0;
        if (status >= 300 && status < 400 && response.headers.location) {
          response.resume();
          return resolve({ redirect: response.headers.location });
        }
        if (status < 200 || status >= 300) {
          response.resume();
          return reject(unreachable(`the server answered ${status}`));
        }
        if (Number(response.headers['content-length'] ?? 0) > MAX_IMAGE_BYTES) {
          response.destroy();
          return reject(PayloadTooLarge('IMAGE_TOO_LARGE'));
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > MAX_IMAGE_BYTES) {
            response.destroy();
            reject(PayloadTooLarge('IMAGE_TOO_LARGE'));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => resolve({ bytes: Buffer.concat(chunks) }));
        response.on('error', (error) => reject(error));
      },
    );
    request.on('error', (error) => reject(error));
  });
}

/**
 * Downloads the image an http(s) link points to, for an album cover given as a link (the admin spec):
 * at most 5 MB, 10 s and 3 redirects, and never from a private or loopback address. What it answers is
 * still only bytes: the caller decodes and re-encodes them like any upload.
 */
export async function fetchRemoteImage(
  link: string,
  options: { allowAddress?: AddressPolicy } = {},
): Promise<{ bytes: Buffer; originalName?: string }> {
  const allow = options.allowAddress ?? isPublicAddress;
  const signal = AbortSignal.timeout(FETCH_TIMEOUT_MS);
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    throw unreachable('not a link');
  }
  for (let redirects = 0; ; redirects++) {
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw unreachable('not an http(s) link');
    if (url.username || url.password) throw unreachable('links with credentials are not accepted');
    const literal = url.hostname.replace(/^\[|\]$/g, '');
    const family = net.isIP(literal);
    // An address written in the link is not looked up, so it is checked here.
    if (family !== 0 && !allow(literal, family as 4 | 6)) throw unreachable('private address');
    let answer: { redirect?: string; bytes?: Buffer };
    try {
      answer = await fetchOnce(url, allow, signal);
    } catch (error) {
      if (error instanceof AppError) throw error;
      const code = (error as { code?: string }).code;
      throw unreachable(code === 'EADDRBLOCKED' ? 'private address' : 'the image could not be downloaded');
    }
    if (answer.bytes)
      return { bytes: answer.bytes, originalName: url.pathname.split('/').pop() || undefined };
    if (redirects >= MAX_REDIRECTS) throw unreachable('too many redirects');
    if (!answer.redirect || !URL.canParse(answer.redirect, url.href)) throw unreachable('bad redirect');
    url = new URL(answer.redirect, url);
  }
}
