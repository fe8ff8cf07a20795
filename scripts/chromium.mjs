// Chromium as every browser run of the project starts it (browser tests, benchmarks, measuring scripts):
// Debian's package, and the flags this machine needs (a container: no sandbox, no GPU, a small /dev/shm,
// and a closed network that refuses Chromium's own background connections).
export const CHROMIUM_PATH = '/usr/bin/chromium';

export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-dev-shm-usage',
];
