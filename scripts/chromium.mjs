// Finds the system Chromium for the browser tests, installing Debian's package when we may.
import { existsSync } from 'node:fs';
import { spawnSync } from 'node:child_process';

const candidates = [process.env.CHROME_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'];

export function findChromium() {
  return candidates.find((path) => path && existsSync(path));
}

/** @returns {{ ok: true, path: string } | { ok: false, message: string }} */
export function ensureChromium() {
  const found = findChromium();
  if (found) return { ok: true, path: found };
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = existsSync('/usr/bin/apt-get');
  if (!isRoot || !hasApt) {
    return {
      ok: false,
      message:
        'Chromium is needed for the end-to-end tests. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) or set CHROME_PATH to a Chromium/Chrome binary.',
    };
  }
  console.log('Chromium not found: installing Debian package "chromium" (apt-get) …');
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
  const install =
    update.status === 0 &&
    spawnSync(
      'apt-get',
      ['install', '-y', '--no-install-recommends', 'chromium', 'fonts-noto-cjk'],
      {
        stdio: 'inherit',
        env,
      },
    );
  const path = findChromium();
  if (!install || install.status !== 0 || !path) {
    return {
      ok: false,
      message: 'apt-get could not install chromium; install it by hand or set CHROME_PATH.',
    };
  }
  return { ok: true, path };
}
