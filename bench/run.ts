/**
 * Benchmarks (npm run bench). Each prints its figures; docs/performance.md records them with the
 * machine they ran on. Not tests: nothing here fails a build.
 */
import os from 'node:os';
import { benchAccounts } from './accounts.bench';

console.log(
  `machine: ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'cpu'}, ${(os.totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
);
await benchAccounts();
