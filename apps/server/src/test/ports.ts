import net from 'node:net';

/**
 * A port that was free a moment ago on 127.0.0.1 (the system hands out a fresh one each time): for servers
 * a test starts in another process, whose address it must know before they listen.
 */
export async function pickFreePort(): Promise<number> {
  const probe = net.createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return typeof address === 'object' && address ? address.port : 0;
}
