import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server for tests (smtp-server on 127.0.0.1, no TLS, any or no credentials) that
 * keeps every mail it receives, decoded far enough to assert on: recipients, subject, plain text
 * (and HTML), whatever the sender's encoding (RFC 2047 headers, quoted-printable, base64,
 * multipart/alternative, UTF-8 or another charset).
 *
 * @example
 *   const sink = await startSmtpSink();
 *   const app = await createTestApp({ SMTP_URL: sink.url });      // or a spawned server
 *   // … POST /api/auth/email/request { email } …
 *   const mail = await sink.waitForMail(email);
 *   const code = extractCode(mail.text);                          // '123456'
 *   await sink.close();
 */

/** One received message. */
export type ReceivedMail = {
  /** SMTP envelope sender (MAIL FROM), lower-case. */
  envelopeFrom: string;
  /** SMTP envelope recipients (RCPT TO), lower-case: what `waitForMail(to)` matches. */
  envelopeTo: string[];
  /** Decoded header values. */
  from: string;
  to: string;
  subject: string;
  /** The text/plain part (CRLF turned into LF); the HTML part without tags when there is none. */
  text: string;
  /** The text/html part, when the message has one. */
  html: string | undefined;
  /** Parts that are neither the text nor the HTML body. */
  attachments: MailAttachment[];
  /** Headers of the top-level entity, lower-case names, RFC 2047 decoded. */
  headers: Record<string, string>;
  /** The message as it arrived on the wire (after SMTP dot-unstuffing). */
  raw: string;
  receivedAt: Date;
  /** The SMTP session (connection) it came over. */
  connection: string;
};

export type MailAttachment = { contentType: string; filename: string | undefined; content: Buffer };

export type MailPredicate = (mail: ReceivedMail) => boolean;

export type SmtpSink = {
  readonly host: string;
  readonly port: number;
  /** `smtp://127.0.0.1:<port>`: give it to the server as SMTP_URL. */
  readonly url: string;
  /** Every mail received so far, oldest first (including those handed out by waitForMail). */
  readonly mails: readonly ReceivedMail[];
  /**
   * Resolves with the oldest mail to `to` (an envelope recipient, case-insensitive) matching
   * `predicate` that no earlier `waitForMail` call has returned, waiting for it to arrive if need
   * be. Each mail is handed out at most once, so two calls in a row return two successive mails.
   * Rejects after `timeoutMs` (default 10 s) with the recipients seen so far.
   */
  waitForMail(to: string, predicate?: MailPredicate, timeoutMs?: number): Promise<ReceivedMail>;
  /** Forgets every mail received so far. */
  clear(): void;
  /** Stops the server; pending waits reject. */
  close(): Promise<void>;
};

/**
 * Starts the sink on `port` (default: a free one chosen by the OS).
 * `failRecipients`: addresses (lower-case) whose RCPT TO is refused with 550, to test failures.
 */
export async function startSmtpSink(
  options: { host?: string; port?: number; failRecipients?: string[] } = {},
): Promise<SmtpSink> {
  const host = options.host ?? '127.0.0.1';
  const mails: ReceivedMail[] = [];
  const handedOut = new Set<ReceivedMail>();
  type Waiter = {
    to: string;
    predicate: MailPredicate;
    resolve: (mail: ReceivedMail) => void;
    reject: (error: Error) => void;
    timer: NodeJS.Timeout;
  };
  const waiters = new Set<Waiter>();
  const failing = new Set((options.failRecipients ?? []).map((a) => a.toLowerCase()));

  const matches = (mail: ReceivedMail, to: string, predicate: MailPredicate) =>
    !handedOut.has(mail) && mail.envelopeTo.includes(to) && predicate(mail);

  const deliver = (mail: ReceivedMail) => {
    mails.push(mail);
    for (const waiter of waiters) {
      if (!matches(mail, waiter.to, waiter.predicate)) continue;
      handedOut.add(mail);
      waiters.delete(waiter);
      clearTimeout(waiter.timer);
      waiter.resolve(mail);
      return;
    }
  };

  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    banner: 'teamup test sink',
    closeTimeout: 1000,
    onAuth: (_auth, _session, callback) => callback(null, { user: 'test' }),
    onRcptTo: (address, _session, callback) => {
      if (failing.has(address.address.toLowerCase())) {
        const error = Object.assign(new Error('mailbox unavailable'), { responseCode: 550 });
        callback(error);
        return;
      }
      callback();
    },
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('error', (error: Error) => callback(error));
      stream.on('end', () => {
        try {
          const raw = Buffer.concat(chunks);
          const parsed = parseMail(raw);
          const { mailFrom, rcptTo } = session.envelope;
          deliver({
            envelopeFrom: mailFrom ? mailFrom.address.toLowerCase() : '',
            envelopeTo: rcptTo.map((address) => address.address.toLowerCase()),
            ...parsed,
            raw: raw.toString('utf8'),
            receivedAt: new Date(),
            connection: session.id,
          });
          callback();
        } catch (error) {
          callback(error instanceof Error ? error : new Error(String(error)));
        }
      });
    },
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  // Errors after start (a client hanging up mid-message) must not crash the test process.
  server.on('error', () => undefined);
  const port = (server.server.address() as AddressInfo).port;

  return {
    host,
    port,
    url: `smtp://${host}:${port}`,
    mails,
    waitForMail(to, predicate = () => true, timeoutMs = 10_000) {
      const address = to.toLowerCase();
      const ready = mails.find((mail) => matches(mail, address, predicate));
      if (ready) {
        handedOut.add(ready);
        return Promise.resolve(ready);
      }
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter: Waiter = {
          to: address,
          predicate,
          resolve,
          reject,
          timer: setTimeout(() => {
            waiters.delete(waiter);
            const seen = mails.map((mail) => mail.envelopeTo.join(',')).join('; ') || 'none';
            reject(new Error(`no mail to ${to} within ${timeoutMs} ms (received: ${seen})`));
          }, timeoutMs),
        };
        waiters.add(waiter);
      });
    },
    clear() {
      mails.length = 0;
      handedOut.clear();
    },
    async close() {
      for (const waiter of waiters) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error('SMTP sink closed'));
      }
      waiters.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The first run of `length` digits standing alone in `text` (a mailed verification code). */
export function extractCode(text: string, length = 6): string {
  const match = new RegExp(`(?<!\\d)\\d{${length}}(?!\\d)`).exec(text);
  if (!match) throw new Error(`no ${length}-digit code in: ${text}`);
  return match[0];
}

// --- MIME, just enough -------------------------------------------------------------------------

export type ParsedMail = Pick<
  ReceivedMail,
  'from' | 'to' | 'subject' | 'text' | 'html' | 'attachments' | 'headers'
>;

/** Parses a raw RFC 5322 message into decoded headers, text, HTML and other parts. */
export function parseMail(raw: Buffer): ParsedMail {
  const entity = parseEntity(raw);
  const bodies: { text?: string; html?: string; attachments: MailAttachment[] } = {
    attachments: [],
  };
  collectParts(entity, bodies);
  const headers = entity.headers;
  const html = bodies.html;
  const text = bodies.text ?? (html ? htmlToText(html) : '');
  return {
    from: headers['from'] ?? '',
    to: headers['to'] ?? '',
    subject: headers['subject'] ?? '',
    text,
    html,
    attachments: bodies.attachments,
    headers,
  };
}

type Entity = { headers: Record<string, string>; body: Buffer };

function parseEntity(raw: Buffer): Entity {
  const separator = findHeaderEnd(raw);
  const head = raw.subarray(0, separator.index).toString('utf8');
  const body = separator.index < 0 ? Buffer.alloc(0) : raw.subarray(separator.end);
  const headers: Record<string, string> = {};
  const unfolded = (separator.index < 0 ? raw.toString('utf8') : head).replace(/\r?\n[ \t]+/g, ' ');
  for (const line of unfolded.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    // The first occurrence wins (Received: and friends repeat; the ones we read do not).
    headers[name] ??= decodeEncodedWords(line.slice(colon + 1).trim());
  }
  return { headers, body };
}

function findHeaderEnd(raw: Buffer): { index: number; end: number } {
  const crlf = raw.indexOf('\r\n\r\n');
  const lf = raw.indexOf('\n\n');
  if (crlf >= 0 && (lf < 0 || crlf < lf)) return { index: crlf, end: crlf + 4 };
  if (lf >= 0) return { index: lf, end: lf + 2 };
  return { index: -1, end: raw.length };
}

/** `type/subtype` (lower-case) and its parameters (names lower-case, values unquoted). */
function parseContentType(value: string | undefined): {
  type: string;
  params: Record<string, string>;
} {
  const [type = 'text/plain', ...rest] = (value ?? 'text/plain').split(';');
  const params: Record<string, string> = {};
  for (const param of rest) {
    const eq = param.indexOf('=');
    if (eq < 0) continue;
    const name = param.slice(0, eq).trim().toLowerCase();
    params[name] = param
      .slice(eq + 1)
      .trim()
      .replace(/^"(.*)"$/, '$1');
  }
  return { type: type.trim().toLowerCase(), params };
}

function collectParts(
  entity: Entity,
  into: { text?: string; html?: string; attachments: MailAttachment[] },
) {
  const { type, params } = parseContentType(entity.headers['content-type']);
  if (type.startsWith('multipart/') && params['boundary']) {
    for (const part of splitMultipart(entity.body, params['boundary'])) {
      collectParts(parseEntity(part), into);
    }
    return;
  }
  const content = decodeTransfer(entity.body, entity.headers['content-transfer-encoding']);
  const disposition = parseContentType(entity.headers['content-disposition']);
  const attached = disposition.type === 'attachment';
  if (!attached && type === 'text/plain' && into.text === undefined) {
    into.text = decodeCharset(content, params['charset']).replace(/\r\n/g, '\n');
  } else if (!attached && type === 'text/html' && into.html === undefined) {
    into.html = decodeCharset(content, params['charset']);
  } else {
    into.attachments.push({
      contentType: type,
      filename: disposition.params['filename'] ?? params['name'],
      content,
    });
  }
}

function splitMultipart(body: Buffer, boundary: string): Buffer[] {
  const text = body.toString('latin1'); // byte-preserving, so parts slice back exactly
  const delimiter = `--${boundary}`;
  const parts: Buffer[] = [];
  let start = text.indexOf(delimiter);
  while (start >= 0) {
    const afterDelimiter = start + delimiter.length;
    if (text.startsWith('--', afterDelimiter)) break; // closing delimiter
    const contentStart = text.indexOf('\n', afterDelimiter) + 1;
    if (contentStart <= 0) break;
    const next = text.indexOf(`\n${delimiter}`, contentStart);
    if (next < 0) break;
    // The line break before a delimiter belongs to the delimiter.
    const contentEnd = text[next - 1] === '\r' ? next - 1 : next;
    parts.push(Buffer.from(text.slice(contentStart, contentEnd), 'latin1'));
    start = next + 1;
  }
  return parts;
}

function decodeTransfer(body: Buffer, encoding: string | undefined): Buffer {
  switch (encoding?.trim().toLowerCase()) {
    case 'base64':
      return Buffer.from(body.toString('latin1').replace(/[^A-Za-z0-9+/=]/g, ''), 'base64');
    case 'quoted-printable':
      return decodeQuotedPrintable(body.toString('latin1'));
    default:
      return body;
  }
}

function decodeQuotedPrintable(text: string): Buffer {
  const bytes: number[] = [];
  const input = text.replace(/[ \t]+(?=\r?\n)/g, '').replace(/=\r?\n/g, '');
  for (let i = 0; i < input.length; i += 1) {
    const char = input[i] ?? '';
    const hex = input.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(char.charCodeAt(0) & 0xff);
    }
  }
  return Buffer.from(bytes);
}

function decodeCharset(content: Buffer, charset: string | undefined): string {
  try {
    return new TextDecoder(charset ?? 'utf-8').decode(content);
  } catch {
    return content.toString('utf8');
  }
}

/** RFC 2047 encoded words (`=?UTF-8?B?…?=`, `=?UTF-8?Q?…?=`); whitespace between two is dropped. */
function decodeEncodedWords(value: string): string {
  return value
    .replace(/(=\?[^?]+\?[BbQq]\?[^?]*\?=)\s+(?==\?[^?]+\?[BbQq]\?[^?]*\?=)/g, '$1')
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_word, charset: string, kind: string, data: string) => {
        const bytes =
          kind.toUpperCase() === 'B'
            ? Buffer.from(data, 'base64')
            : decodeQuotedPrintable(data.replace(/_/g, ' '));
        return decodeCharset(bytes, charset.replace(/\*.*$/, ''));
      },
    );
}

function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, '')
    .replace(/<br\s*\/?>|<\/p>/gi, '\n')
    .replace(/<[^>]+>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}
