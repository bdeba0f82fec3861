import { openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { Limits } from '@teamup/contracts/limits';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { startSession } from '../apps/server/src/modules/auth/auth.service';
import { createTeam } from '../apps/server/src/modules/teams/teams.service';
import { createLocalUser } from '../apps/server/src/modules/users/users.service';
import { createWorkspace } from '../apps/server/src/modules/workspaces/workspaces.service';

const MB = 1024 * 1024;

/** Samples the process's resident memory while `work` runs; answers the peak. */
async function peakRss<T>(work: () => Promise<T>): Promise<{ result: T; peak: number }> {
  let peak = process.memoryUsage().rss;
  const timer = setInterval(() => {
    peak = Math.max(peak, process.memoryUsage().rss);
  }, 20);
  try {
    const result = await work();
    return { result, peak: Math.max(peak, process.memoryUsage().rss) };
  } finally {
    clearInterval(timer);
  }
}

const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;

/**
 * Post attachments stream to storage and back: the server's memory must not grow with the size
 * of the files. Uploads and downloads largest-allowed files, one at a time and four at once,
 * and prints the resident memory on top of the idle server, with the throughput.
 */
export async function benchUploads() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'teamup-bench-files-'));
  const config = loadConfig({
    DATA_DIR: dataDir,
    PORT: '0',
    LOG_LEVEL: 'silent',
    RATE_LIMIT_PER_MINUTE: '100000000',
  });
  const app = await buildApp(config, { logger: pino({ level: 'silent' }) });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const url = `http://127.0.0.1:${address.port}`;

  const user = await createLocalUser(
    app.context,
    {
      email: 'files@example.com',
      name: 'files',
      passwordHash: await app.context.passwords.hash('Bench1234'),
    },
    null,
  );
  if (!user) throw new Error('user');
  const { token } = await startSession(app.context, user.id, {}, { ip: '127.0.0.1' }, 'PASSWORD');
  const workspace = await createWorkspace(app.context, user.id, { name: 'bench', iconUrl: null });
  const team = await createTeam(app.context, user.id, {
    name: 'bench',
    workspaceId: workspace.id,
    description: null,
  });

  // A file on disk, sent as a file-backed Blob: the client does not hold it in memory either.
  const size = Limits.attachmentMaxBytes;
  const source = path.join(dataDir, 'source.bin');
  await fs.writeFile(source, Buffer.alloc(size, 7));
  const blob = await openAsBlob(source);

  const uploadOne = async (index: number) => {
    const form = new FormData();
    form.append('title', `bench ${index}`);
    form.append('content', 'bench');
    form.append('files', blob, `파일 ${index}.bin`);
    const response = await fetch(`${url}/api/teams/${team.id}/posts`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    if (response.status !== 201) throw new Error(`upload ${response.status}`);
    const body = (await response.json()) as { data: { attachments: Array<{ id: number }> } };
    return body.data.attachments[0]?.id ?? 0;
  };
  const downloadOne = async (id: number) => {
    const response = await fetch(`${url}/api/files/${id}/download`, {
      headers: { authorization: `Bearer ${token}` },
    });
    let bytes = 0;
    for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
      bytes += chunk.length;
    }
    if (bytes !== size) throw new Error(`download ${bytes}`);
  };

  global.gc?.();
  await uploadOne(0); // warm-up: code paths, database pages
  const idle = process.memoryUsage().rss;
  const report = (name: string, files: number, seconds: number, peak: number) =>
    console.log(
      `${name.padEnd(34)} ${files} × ${mb(size)} in ${seconds.toFixed(2)} s  ` +
        `(${((files * size) / MB / seconds).toFixed(0)} MB/s)  peak RSS +${mb(peak - idle)} over idle ${mb(idle)}`,
    );

  const timed = async (name: string, files: number, work: () => Promise<unknown>) => {
    const started = performance.now();
    const { peak } = await peakRss(work);
    report(name, files, (performance.now() - started) / 1000, peak);
  };

  const ids: number[] = [];
  await timed('upload, one at a time', 5, async () => {
    for (let i = 1; i <= 5; i += 1) ids.push(await uploadOne(i));
  });
  await timed('upload, four at once', 4, async () => {
    ids.push(...(await Promise.all([6, 7, 8, 9].map(uploadOne))));
  });
  await timed('download, four at once', 4, () => Promise.all(ids.slice(0, 4).map(downloadOne)));

  await app.close();
  await fs.rm(dataDir, { recursive: true, force: true });
}
