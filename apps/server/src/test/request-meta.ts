import type { RequestMeta } from '../lib/request-meta';

/** What a request from the test process looks like to a service called directly (no device id). */
export const TEST_META: RequestMeta = {
  ip: '127.0.0.1',
  userAgent: 'vitest',
  deviceType: 'desktop',
  ipPrefix: '127.0.0.0/24',
  deviceSignature: null,
  deviceId: null,
  country: null,
};
