import { describe, expect, it } from 'vitest';
import {
  bodyOfEvent,
  encodeBody,
  encodeFrame,
  encodeMessage,
  FrameReader,
  negotiateHeartbeat,
  StompLimits,
} from './stomp-frames';

const push = (reader: FrameReader, text: string) => reader.push(Buffer.from(text));

describe('STOMP frames', () => {
  it('reads frames split over messages, several per message, and heart-beat EOLs', () => {
    const reader = new FrameReader();
    expect(push(reader, '\n').heartbeat).toBe(true);
    expect(push(reader, 'SEND\ndestination:/a\n\nhel').frames).toEqual([]);
    const { frames } = push(reader, 'lo 안녕\0\r\nSUBSCRIBE\r\nid:1\r\ndestination:/b\r\n\r\n\0');
    expect(frames).toEqual([
      { command: 'SEND', headers: { destination: '/a' }, body: 'hello 안녕' },
      { command: 'SUBSCRIBE', headers: { id: '1', destination: '/b' }, body: '' },
    ]);
  });

  it('honours content-length (a body may hold NUL bytes) and unescapes headers', () => {
    const reader = new FrameReader();
    const body = 'a\0b';
    const { frames } = push(
      reader,
      `SEND\ndestination:/x\\cy\\n\ncontent-length:${Buffer.byteLength(body)}\n\n${body}\0`,
    );
    expect(frames[0]).toEqual({
      command: 'SEND',
      headers: { destination: '/x:y\n', 'content-length': '3' },
      body,
    });
  });

  it('keeps the first of repeated headers; CONNECT headers are not unescaped', () => {
    const reader = new FrameReader();
    const { frames } = push(reader, 'CONNECT\nlogin:a\\c\nlogin:b\n\n\0');
    expect(frames[0]?.headers).toEqual({ login: 'a\\c' });
  });

  it('refuses unknown commands, bad escapes, malformed headers and oversize frames', () => {
    expect(() => push(new FrameReader(), 'HELLO\n\n\0')).toThrow(/unknown command/);
    expect(() => push(new FrameReader(), 'SEND\nx:\\t\n\n\0')).toThrow(/escape/);
    expect(() => push(new FrameReader(), 'SEND\nnocolon\n\n\0')).toThrow(/malformed/);
    expect(() =>
      push(new FrameReader(), `SEND\ncontent-length:${StompLimits.maxFrameBytes + 1}\n\n`),
    ).toThrow(/too large/);
    expect(() =>
      push(new FrameReader(), `SEND\n\n${'x'.repeat(StompLimits.maxFrameBytes + 10)}`),
    ).toThrow(/too large/);
  });

  it('writes escaped headers and a content-length', () => {
    expect(
      encodeFrame({ command: 'MESSAGE', headers: { destination: '/a:b' }, body: '안녕' }),
    ).toBe('MESSAGE\ndestination:/a\\cb\ncontent-length:6\n\n안녕\0');
    expect(encodeFrame({ command: 'CONNECTED', headers: { version: '1.2' }, body: '' })).toBe(
      'CONNECTED\nversion:1.2\n\n\0',
    );
  });

  it('negotiates heart-beats as STOMP 1.2 says', () => {
    expect(negotiateHeartbeat('10000,10000', [10_000, 10_000])).toEqual({
      sendEveryMs: 10_000,
      expectEveryMs: 10_000,
    });
    expect(negotiateHeartbeat('4000,20000', [10_000, 10_000])).toEqual({
      sendEveryMs: 20_000,
      expectEveryMs: 10_000,
    });
    expect(negotiateHeartbeat('0,0', [10_000, 10_000])).toEqual({
      sendEveryMs: 0,
      expectEveryMs: 0,
    });
    expect(negotiateHeartbeat(undefined, [10_000, 10_000])).toEqual({
      sendEveryMs: 0,
      expectEveryMs: 0,
    });
  });

  it('builds a MESSAGE around a body encoded once, byte for byte as encodeFrame does', () => {
    const headers = { subscription: 'sub:0', destination: '/topic/a', 'message-id': '7' };
    const event = { eventId: 7, type: 'NEW_CHAT_MESSAGE', content: '안녕 😀' };
    const body = bodyOfEvent(event);
    expect(bodyOfEvent(event)).toBe(body);
    expect(JSON.parse(body.text)).toEqual({ type: 'NEW_CHAT_MESSAGE', content: '안녕 😀' });
    expect(encodeMessage(headers, body)).toBe(
      encodeFrame({ command: 'MESSAGE', headers, body: body.text }),
    );
    expect(encodeMessage(headers, encodeBody({ a: 'é' }))).toContain('content-length:10\n');
  });
});
