import { z } from 'zod';

/**
 * Zod compiles fast parsers with `new Function`, which the server's CSP (script-src 'self', no
 * 'unsafe-eval') forbids; probing for it already logs a CSP violation. Import this module before
 * any contract schema that will be built in the browser.
 */
z.config({ jitless: true });
