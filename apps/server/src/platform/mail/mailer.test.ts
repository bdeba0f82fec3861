import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { extractCode, parseMail, startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { LogMailer } from './mailer';
import { SmtpMailer } from './smtp-mailer';

describe('SmtpMailer against a real SMTP server', () => {
  let sink: SmtpSink;
  let mailer: SmtpMailer;

  beforeAll(async () => {
    sink = await startSmtpSink({ failRecipients: ['nobody@example.com'] });
    mailer = new SmtpMailer(sink.url, 'TeamUp <no-reply@teamup.local>');
  });
  afterAll(async () => {
    await mailer.close();
    await sink.close();
  });

  it('delivers a Korean plain-text mail with subject, recipient and body intact', async () => {
    await mailer.send({
      to: 'Kim@Example.com',
      subject: '[TeamUp] 회원가입 인증 코드',
      text: '인증 코드: 042917\n\n이 코드는 10분 동안 유효합니다.',
    });
    const mail = await sink.waitForMail('kim@example.com');
    expect(mail.envelopeFrom).toBe('no-reply@teamup.local');
    expect(mail.envelopeTo).toEqual(['kim@example.com']);
    expect(mail.subject).toBe('[TeamUp] 회원가입 인증 코드');
    expect(mail.from).toContain('no-reply@teamup.local');
    expect(mail.text.trim()).toBe('인증 코드: 042917\n\n이 코드는 10분 동안 유효합니다.');
    expect(extractCode(mail.text)).toBe('042917');
  });

  it('delivers text and HTML alternatives; both are decoded', async () => {
    const long = '가나다라마바사 '.repeat(30); // long lines force soft line breaks
    await mailer.send({
      to: 'lee@example.com',
      subject: '초대장',
      text: `초대합니다\n${long}`,
      html: `<p>초대합니다 &amp; 환영</p><p>${long}</p>`,
    });
    const mail = await sink.waitForMail('lee@example.com');
    expect(mail.headers['content-type']).toMatch(/^multipart\/alternative/);
    expect(mail.text.trim()).toBe(`초대합니다\n${long}`.trim());
    expect(mail.html).toBe(`<p>초대합니다 &amp; 환영</p><p>${long}</p>`);
    expect(mail.attachments).toEqual([]);
  });

  it('hands out each mail once, in order, and waits for mails not yet sent', async () => {
    const waiting = sink.waitForMail('park@example.com', (mail) => mail.subject === 'second');
    await mailer.send({ to: 'park@example.com', subject: 'first', text: '1' });
    await mailer.send({ to: 'park@example.com', subject: 'second', text: '2' });
    expect((await waiting).text.trim()).toBe('2');
    expect((await sink.waitForMail('park@example.com')).subject).toBe('first');
    await expect(sink.waitForMail('park@example.com', undefined, 200)).rejects.toThrow(
      /no mail to park@example.com/,
    );
  });

  it('sends many mails over a few kept connections, and goes on after a refused one', async () => {
    const addresses = Array.from({ length: 12 }, (_, index) => `pool${index}@example.com`);
    await Promise.all(addresses.map((to) => mailer.send({ to, subject: '묶음', text: to })));
    const mails = await Promise.all(addresses.map((to) => sink.waitForMail(to)));
    expect(mails.map((mail) => mail.text.trim())).toEqual(addresses);
    // A connection a mail would be 12 sessions.
    expect(new Set(mails.map((mail) => mail.connection)).size).toBeLessThanOrEqual(4);

    await expect(
      mailer.send({ to: 'nobody@example.com', subject: 'x', text: 'x' }),
    ).rejects.toThrow();
    await mailer.send({ to: 'after@example.com', subject: '다음', text: 'after' });
    expect((await sink.waitForMail('after@example.com')).subject).toBe('다음');
  });

  it('rejects when the server refuses the recipient', async () => {
    await expect(
      mailer.send({ to: 'nobody@example.com', subject: 'x', text: 'x' }),
    ).rejects.toThrow();
  });
});

describe('SMTP sink parsing', () => {
  it('decodes RFC 2047 headers, quoted-printable and base64 parts of another charset', () => {
    const raw = [
      'From: =?UTF-8?B?7YyA7JeF?= <a@b.c>',
      'To: x@y.z',
      'Subject: =?UTF-8?Q?=ED=9A=8C=EC=9B=90?= =?UTF-8?B?6rCA7J6F?=',
      'Content-Type: multipart/mixed; boundary="b1"',
      '',
      'preamble',
      '--b1',
      'Content-Type: text/plain; charset=utf-8',
      'Content-Transfer-Encoding: quoted-printable',
      '',
      'caf=C3=A9 =',
      'soft break',
      '--b1',
      'Content-Type: application/octet-stream; name="a.bin"',
      'Content-Disposition: attachment; filename="a.bin"',
      'Content-Transfer-Encoding: base64',
      '',
      Buffer.from([1, 2, 3, 250]).toString('base64'),
      '--b1--',
      '',
    ].join('\r\n');
    const mail = parseMail(Buffer.from(raw, 'latin1'));
    expect(mail.from).toBe('팀업 <a@b.c>');
    expect(mail.subject).toBe('회원가입');
    expect(mail.text).toBe('café soft break');
    expect(mail.attachments).toHaveLength(1);
    expect(mail.attachments[0]?.filename).toBe('a.bin');
    expect([...(mail.attachments[0]?.content ?? [])]).toEqual([1, 2, 3, 250]);
  });

  it('finds a code only when it stands alone', () => {
    expect(extractCode('코드: 1234567 또는 654321')).toBe('654321');
    expect(() => extractCode('없음')).toThrow();
  });
});

describe('LogMailer', () => {
  it('writes the mail, and so the code, to the log', async () => {
    const lines: string[] = [];
    const logger = pino({ level: 'info' }, { write: (line: string) => lines.push(line) });
    await new LogMailer(logger).send({ to: 'a@b.c', subject: 's', text: '인증 코드: 123456' });
    expect(lines.join('')).toContain('123456');
  });
});
