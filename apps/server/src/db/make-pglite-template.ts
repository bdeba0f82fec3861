/**
 * Run by the server build (scripts/build-server.mjs): writes the migrated, empty embedded database
 * a fresh DATA_DIR starts from (see copyTemplate in ./client).
 */
import { pgliteTemplateDir } from '../platform/server-root';
import { writePgliteTemplate } from './client';

process.umask(0o077);
await writePgliteTemplate(process.argv[2] ?? pgliteTemplateDir);
