import { readFileSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parse as parseYaml } from 'yaml';
import { configKeys, ConfigError, loadConfig, SECRET_SETTINGS } from '../src/config';
import { createTestApp, type TestApp } from './test-app';

/**
 * No container runtime exists where this project is developed: the deploy files (Dockerfile,
 * compose.yaml, deploy/Caddyfile, .env.example) are never built or started here. This test checks
 * them statically against the server itself: every variable config.ts reads is named in
 * .env.example and nothing else is (besides compose's own DEPLOY_* values), compose hands the app
 * only known variables, and the Dockerfile's health check, user and command match the server.
 */

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');

/** Names of compose-only settings in .env.example: the server never reads them. */
const DEPLOY_PREFIX = 'DEPLOY_';

type EnvExample = { named: Set<string>; active: Map<string, string> };

/** `NAME=value` lines are active; `# NAME=value` lines name a setting left at its default. */
function parseEnvExample(text: string): EnvExample {
  const named = new Set<string>();
  const active = new Map<string, string>();
  for (const line of text.split('\n')) {
    const match = /^(#\s*)?([A-Za-z_][A-Za-z0-9_]*)=(.*)$/.exec(line.trim());
    if (!match) continue;
    const [, commented, name = '', value = ''] = match;
    named.add(name);
    if (!commented) active.set(name, value);
  }
  return { named, active };
}

/** Variables compose interpolates (`${NAME}`, `${NAME:?…}`, `$NAME`; `$$` is a literal `$`). */
function interpolatedNames(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(
    /\$(?:(\$)|\{([A-Za-z_]\w*)(?:[:?+-][^}]*)?\}|([A-Za-z_]\w*))/g,
  )) {
    const [, escaped, braced, bare] = match;
    if (escaped === undefined) names.add(braced ?? bare ?? '');
  }
  return names;
}

type Instruction = { keyword: string; args: string };

/** Dockerfile instructions, continuation lines joined, comments dropped. */
function parseDockerfile(text: string): Instruction[] {
  const joined = text
    .split('\n')
    .filter((line) => !line.trim().startsWith('#'))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [keyword = '', ...rest] = line.split(/\s+/);
      return { keyword: keyword.toUpperCase(), args: rest.join(' ') };
    });
}

type ComposeService = {
  build?: unknown;
  image?: string;
  env_file?: string | string[] | { path: string }[];
  environment?: Record<string, unknown> | string[];
  volumes?: string[];
};
type Compose = { services: Record<string, ComposeService> };

const envKeysOf = (environment: ComposeService['environment']) =>
  Array.isArray(environment)
    ? environment.map((entry) => entry.split('=')[0] ?? '')
    : Object.keys(environment ?? {});

const envFilesOf = (envFile: ComposeService['env_file']) =>
  (Array.isArray(envFile) ? envFile : envFile === undefined ? [] : [envFile]).map((entry) =>
    typeof entry === 'string' ? entry : entry.path,
  );

const known = new Set(configKeys);
const envExampleText = read('.env.example');
const envExample = parseEnvExample(envExampleText);
const composeText = read('compose.yaml');
const compose = parseYaml(composeText, { merge: true }) as Compose;
const dockerfile = parseDockerfile(read('Dockerfile'));
const caddyfile = read('deploy/Caddyfile');

/** The services running the TeamUp image (built from this repository's Dockerfile). */
const appServices = Object.entries(compose.services).filter(
  ([, service]) => service.build !== undefined || service.image?.startsWith('teamup') === true,
);

describe('.env.example against config.ts', () => {
  it('config.ts exposes the variables it reads (the list these checks rely on)', () => {
    expect(configKeys).toContain('JWT_SECRET');
    expect(configKeys).toContain('DATA_ENCRYPTION_KEY');
    expect(configKeys.length).toBeGreaterThan(20);
  });

  it('says the rate limit counts per account once signed in, as the limiter keys it', () => {
    // app.ts's keyGenerator: a valid bearer token's account, else the client's address.
    const lines = envExampleText.split('\n');
    const at = lines.findIndex((line) => line.includes('RATE_LIMIT_PER_MINUTE='));
    const said = lines.slice(Math.max(0, at - 2), at).join(' ');
    expect(said).toMatch(/per account/);
    expect(said).not.toMatch(/^# Requests per minute per client address/);
  });

  it('names every variable config.ts reads', () => {
    const missing = configKeys.filter((key) => !envExample.named.has(key));
    expect(missing, 'add these to .env.example').toEqual([]);
  });

  it('names nothing else but compose-only DEPLOY_* values', () => {
    const unknown = [...envExample.named].filter(
      (name) => !known.has(name) && !name.startsWith(DEPLOY_PREFIX),
    );
    expect(unknown, 'not read by config.ts').toEqual([]);
    const shadowing = configKeys.filter((key) => key.startsWith(DEPLOY_PREFIX));
    expect(shadowing, 'config.ts must not use the DEPLOY_ prefix').toEqual([]);
  });

  it('gives every setting its own comment line right above it', () => {
    const isSetting = (line: string) => /^(?:#\s*)?[A-Z][A-Z0-9_]*=/.test(line);
    const lines = envExampleText.split('\n');
    lines.forEach((line, index) => {
      if (!isSetting(line)) return;
      const above = lines[index - 1] ?? '';
      expect(above.startsWith('# ') && !isSetting(above), `comment above ${line}`).toBe(true);
    });
  });

  it('holds no real secret: every secret-looking active value is a change-me placeholder', () => {
    for (const [name, value] of envExample.active) {
      if (/SECRET|PASSWORD|TOKEN|ENCRYPTION_KEY/.test(name)) {
        expect(value, name).toMatch(/change-me/);
      }
    }
    expect(envExample.active.get('SMTP_URL') ?? 'change-me').toMatch(/change-me/);
  });
});

/** compose's interpolation of `text` with the values .env.example sets (`$$` stays `$$`). */
function interpolate(text: string, values: ReadonlyMap<string, string>): string {
  return text.replace(
    /\$(?:(\$)|\{([A-Za-z_]\w*)(?:[:?+-][^}]*)?\}|([A-Za-z_]\w*))/g,
    (whole, escaped: string | undefined, braced: string | undefined, bare: string | undefined) =>
      escaped === undefined ? (values.get(braced ?? bare ?? '') ?? '') : whole,
  );
}

describe('the secrets .env.example publishes', () => {
  /** Every `NAME=value` of the file, commented-out examples included. */
  const published = [...envExampleText.matchAll(/^(?:#\s*)?([A-Z][A-Z0-9_]*)=(.*)$/gm)].map(
    ([, name = '', value = '']) => ({ name, value }),
  );
  const looksSecret = (name: string) =>
    /SECRET|PASSWORD|_TOKEN$|ENCRYPTION_KEY|DATABASE_URL|REDIS_URL|SMTP_URL|ICE_SERVERS/.test(name);
  const refusal = (env: Record<string, string>) => {
    try {
      loadConfig({ NODE_ENV: 'production', DATA_DIR: '/tmp/teamup-deploy-test', ...env });
      return undefined;
    } catch (error) {
      return error instanceof ConfigError ? error.message : String(error);
    }
  };

  it('config.ts checks every secret-looking setting the file names', () => {
    const unchecked = published
      .map(({ name }) => name)
      .filter((name) => looksSecret(name) && !name.startsWith(DEPLOY_PREFIX))
      .filter((name) => !(SECRET_SETTINGS as readonly string[]).includes(name));
    expect(unchecked, 'add these to SECRET_SETTINGS in config.ts').toEqual([]);
  });

  it('the server refuses to start with each of them, as the file sets it', () => {
    // A URL or server list is secret for the credential in it (REDIS_URL's example has none).
    const carriesSecret = (name: string, value: string) =>
      !/_URL$|ICE_SERVERS/.test(name) || /:\/\/[^/:@]*:[^/@]*@|"credential"/.test(value);
    const secrets = published.filter(
      ({ name, value }) =>
        looksSecret(name) && !name.startsWith(DEPLOY_PREFIX) && carriesSecret(name, value),
    );
    expect(secrets.map(({ name }) => name)).toEqual(
      expect.arrayContaining(['JWT_SECRET', 'DATA_ENCRYPTION_KEY', 'SMTP_URL', 'ICE_SERVERS']),
    );
    for (const { name, value } of secrets) {
      expect(refusal({ [name]: value }), `${name}=${value}`).toMatch(
        new RegExp(
          `^Invalid configuration:\n${name} holds a placeholder published in \\.env\\.example`,
        ),
      );
    }
  });

  it('and as compose builds the app settings from the DEPLOY_* passwords', () => {
    const [, appService] = appServices[0] ?? [];
    const environment = (appService?.environment ?? {}) as Record<string, string>;
    const built = Object.entries(environment)
      .filter(
        ([name]) =>
          looksSecret(name) && /\$\{?DEPLOY_[A-Z_]*PASSWORD/.test(name + environment[name]),
      )
      .map(([name, template]) => [name, interpolate(String(template), envExample.active)] as const);
    expect(built.map(([name]) => name).sort()).toEqual(['DATABASE_URL', 'ICE_SERVERS']);
    for (const [name, value] of built) {
      expect(refusal({ [name]: value }), `${name}=${value}`).toMatch(
        new RegExp(`${name} holds a placeholder published in \\.env\\.example`),
      );
    }
  });
});

describe('compose.yaml against config.ts and .env.example', () => {
  it('names every image it pulls with a version, never `latest` or no tag', () => {
    const unpinned = Object.entries(compose.services)
      .filter(([, service]) => service.build === undefined && service.image !== undefined)
      .map(([name, service]) => ({ name, image: service.image ?? '' }))
      .filter(({ image }) => {
        const tag = /:([^/:@]+)$/.exec(image)?.[1];
        // A digest pins too; a tag must name a version (a digit), not a moving name.
        return !image.includes('@sha256:') && (tag === undefined || !/\d/.test(tag));
      });
    expect(unpinned, 'pin these images to a version').toEqual([]);
  });

  it('runs two app instances from the image, each reading the env file', () => {
    expect(appServices.length).toBeGreaterThanOrEqual(2);
    for (const [name, service] of appServices) {
      expect(envFilesOf(service.env_file), name).toContain('.env');
    }
  });

  it('sets only variables config.ts reads in the app services', () => {
    for (const [name, service] of appServices) {
      const unknown = envKeysOf(service.environment).filter((key) => !known.has(key));
      expect(unknown, `${name}: not read by config.ts`).toEqual([]);
    }
  });

  it('interpolates only values .env.example sets, and uses every DEPLOY_* value', () => {
    const used = interpolatedNames(composeText);
    const unset = [...used].filter((name) => !envExample.active.has(name));
    expect(unset, 'interpolated by compose.yaml but not set in .env.example').toEqual([]);
    const deployNames = [...envExample.named].filter((name) => name.startsWith(DEPLOY_PREFIX));
    const unused = deployNames.filter((name) => !used.has(name));
    expect(unused, 'DEPLOY_* values compose.yaml never uses').toEqual([]);
  });

  it('mounts only files that exist in the repository', () => {
    for (const [name, service] of Object.entries(compose.services)) {
      for (const volume of service.volumes ?? []) {
        const [source = ''] = volume.split(':');
        if (!source.startsWith('.')) continue; // a named volume
        expect(existsSync(path.join(root, source)), `${name}: ${source}`).toBe(true);
      }
    }
  });

  it('has Caddy balance over every app instance, with placeholders compose provides', () => {
    const upstreams = /reverse_proxy ([^{\n]+)\{/.exec(caddyfile)?.[1]?.trim().split(/\s+/) ?? [];
    expect(upstreams.sort()).toEqual(appServices.map(([name]) => `${name}:8081`).sort());
    expect(caddyfile).toMatch(/flush_interval\s+-1/);
    const caddy = compose.services.caddy;
    const provided = new Set(envKeysOf(caddy?.environment));
    for (const [, name = ''] of caddyfile.matchAll(/\{\$([A-Z0-9_]+)\}/g)) {
      expect(provided.has(name), `caddy service sets ${name}`).toBe(true);
    }
  });
});

describe('Dockerfile', () => {
  const finalStage = dockerfile.slice(
    dockerfile.map((instruction) => instruction.keyword).lastIndexOf('FROM'),
  );
  const lastOf = (keyword: string) =>
    finalStage.filter((instruction) => instruction.keyword === keyword).at(-1)?.args;

  it('is multi-stage: the web app and the server are built in one stage and copied into the runtime', () => {
    expect(dockerfile.filter((instruction) => instruction.keyword === 'FROM').length).toBe(2);
    for (const built of [/--from=build .*web\/dist/, /--from=build .*server\/dist/]) {
      expect(finalStage.some((i) => i.keyword === 'COPY' && built.test(i.args))).toBe(true);
    }
    // What the bundle reads beside itself at run time (platform/server-root.ts).
    for (const needed of [/apps\/server\/package\.json/, /apps\/server\/drizzle/]) {
      expect(finalStage.some((i) => i.keyword === 'COPY' && needed.test(i.args))).toBe(true);
    }
    expect(finalStage.some((i) => i.keyword === 'RUN' && /npm ci --omit=dev/.test(i.args))).toBe(
      true,
    );
  });

  it('runs as a non-root user', () => {
    const user = lastOf('USER');
    expect(user).toBeDefined();
    expect(user?.split(':')[0]).not.toMatch(/^(root|0)$/);
  });

  it('runs the server the way `npm run serve` does', () => {
    const serve =
      (JSON.parse(read('package.json')) as { scripts: Record<string, string> }).scripts.serve ?? '';
    const cmd = JSON.parse(lastOf('CMD') ?? '[]') as string[];
    // npm's shell `exec`s the server so signals reach it (0031); the image runs it with no shell.
    expect(serve.startsWith('exec ')).toBe(true);
    expect(cmd.join(' ')).toBe(serve.slice('exec '.length));
  });

  it('exposes the port it listens on and keeps DATA_DIR in a volume', () => {
    const env = finalStage
      .filter((instruction) => instruction.keyword === 'ENV')
      .map((instruction) => instruction.args)
      .join(' ');
    const port = /\bPORT=(\d+)/.exec(env)?.[1];
    expect(lastOf('EXPOSE')).toBe(port);
    const dataDir = /\bDATA_DIR=(\S+)/.exec(env)?.[1];
    expect(lastOf('VOLUME')).toContain(`"${dataDir}"`);
    for (const name of env.match(/\b[A-Z][A-Z0-9_]*(?==)/g) ?? []) {
      expect(known.has(name), `ENV ${name} is not read by config.ts`).toBe(true);
    }
  });

  describe('HEALTHCHECK', () => {
    let app: TestApp;
    beforeAll(async () => {
      app = await createTestApp();
    });
    afterAll(async () => {
      await app?.close();
    });

    it("Caddy's active health check asks a route the server answers 200 on", async () => {
      const route = /health_uri (\S+)/.exec(caddyfile)?.[1];
      expect(route).toBeDefined();
      const response = await app.inject({ method: 'GET', url: route ?? '' });
      expect(response.statusCode, `${route}: ${response.body}`).toBe(200);
    });

    it('calls a route the server answers 200 on, with node (no curl in the slim image)', async () => {
      const healthcheck = lastOf('HEALTHCHECK') ?? '';
      expect(healthcheck).toMatch(/CMD \["node"/);
      const route = /\/api\/[\w/.-]*/.exec(healthcheck)?.[0];
      expect(route).toBeDefined();
      const response = await app.inject({ method: 'GET', url: route ?? '' });
      expect(response.statusCode, `${route}: ${response.body}`).toBe(200);
    });
  });
});

describe('.dockerignore', () => {
  it('keeps the env file and local data out of the build context', () => {
    const ignored = read('.dockerignore').split('\n');
    for (const entry of ['.env', 'data', '**/node_modules', '.git']) {
      expect(ignored, entry).toContain(entry);
    }
  });
});
