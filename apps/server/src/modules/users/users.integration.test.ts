import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startSmtpSink, type SmtpSink } from '../../../test/smtp-sink';
import { createTestApp, type TestApp } from '../../../test/test-app';
import {
  dataOf,
  authHeader,
  expectProblem,
  login,
  multipartBody,
  signUp,
  uniqueEmail,
  type Tokens,
} from '../../../test/factories';

function multipart(name: string, type: string, content: Buffer, field = 'file') {
  return multipartBody([{ name: field, filename: name, type, content }]);
}

describe('profile: /api/users/me, profile image, hashtags', () => {
  let app: TestApp;
  let sink: SmtpSink;
  let user: Tokens;

  beforeAll(async () => {
    sink = await startSmtpSink();
    app = await createTestApp({ SMTP_URL: sink.url });
    const email = uniqueEmail('profile');
    await signUp(app, sink, email);
    user = await login(app, email);
  });
  afterAll(async () => {
    await app.close();
    await sink.close();
  });

  const putMe = (payload: object) =>
    app.inject({ method: 'PUT', url: '/api/users/me', payload, headers: authHeader(user.token) });

  it('requires authentication', async () => {
    expectProblem(await app.inject({ method: 'GET', url: '/api/users/me' }), 401, 'AUTH_REQUIRED');
    expectProblem(
      await app.inject({ method: 'PUT', url: '/api/users/me', payload: {} }),
      401,
      'AUTH_REQUIRED',
    );
  });

  it('saves every profile field, trims and de-duplicates tags, clears with null', async () => {
    const saved = await putMe({
      name: '김하늘',
      age: 24,
      mbti: 'enfp',
      disposition: '꼼꼼함',
      hashtags: [' React ', 'TypeScript', 'React'],
      introduction: '안녕하세요\n반갑습니다',
      portfolio: 'https://example.com/me',
      preferWorkstyle: '아침형',
      dislikeWorkstyle: '야근',
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf(saved)).toMatchObject({
      name: '김하늘',
      age: 24,
      mbti: 'ENFP',
      hashtags: ['React', 'TypeScript'],
      introduction: '안녕하세요\n반갑습니다',
      portfolio: 'https://example.com/me',
    });
    const cleared = await putMe({ disposition: null, portfolio: '' });
    expect(dataOf(cleared)).toMatchObject({
      disposition: null,
      portfolio: null,
      name: '김하늘',
    });
    const read = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: authHeader(user.token),
    });
    expect(dataOf<{ hashtags: string[] }>(read).hashtags).toEqual(['React', 'TypeScript']);
    expect(read.body).not.toMatch(/argon2|passwordHash/);
  });

  it('refuses bad values with field errors', async () => {
    expectProblem(await putMe({ mbti: 'ABCD' }), 400, 'VALIDATION_FAILED');
    expectProblem(await putMe({ introduction: 'x'.repeat(2001) }), 400, 'VALIDATION_FAILED');
    expectProblem(await putMe({ name: '' }), 400, 'VALIDATION_FAILED');
    expectProblem(await putMe({ age: -3 }), 400, 'VALIDATION_FAILED');
    const problem = expectProblem(
      await putMe({ hashtags: ['x'.repeat(31)] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(JSON.stringify(problem)).toContain('hashtags');
  });

  it('suggests saved tags', async () => {
    const response = await app.inject({
      method: 'GET',
      url: '/api/hashtags/search?q=rea',
      headers: authHeader(user.token),
    });
    expect(dataOf<string[]>(response)).toContain('React');
    const none = await app.inject({
      method: 'GET',
      url: '/api/hashtags/search?q=zzz',
      headers: authHeader(user.token),
    });
    expect(dataOf(none)).toEqual([]);
  });

  it('accepts an image by its bytes, re-encodes it to a 512 px WebP at a public URL', async () => {
    const png = await sharp({
      create: { width: 900, height: 300, channels: 3, background: '#e11d48' },
    })
      .png()
      .toBuffer();
    const upload = multipart('사진 한 장.png', 'image/png', png);
    const response = await app.inject({
      method: 'POST',
      url: '/api/users/me/profile-image',
      payload: upload.payload,
      headers: { ...upload.headers, ...authHeader(user.token) },
    });
    expect(response.statusCode, response.body).toBe(200);
    const url = response.json<{ data: { profileImageUrl: string } }>().data.profileImageUrl;
    expect(url).toMatch(/^\/api\/files\/public\/avatars\/[A-Za-z0-9_-]{20,}\.webp$/);

    const image = await app.inject({ method: 'GET', url });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/webp');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    const metadata = await sharp(image.rawPayload).metadata();
    expect(metadata).toMatchObject({ format: 'webp', width: 512, height: 512 });
    const me = await app.inject({
      method: 'GET',
      url: '/api/users/me',
      headers: authHeader(user.token),
    });
    expect(dataOf<{ profileImageUrl: string }>(me).profileImageUrl).toBe(url);
  });

  it('refuses a non-image named .png and a file over 5 MB', async () => {
    const fake = multipart('evil.png', 'image/png', Buffer.from('<script>alert(1)</script>'));
    const refused = await app.inject({
      method: 'POST',
      url: '/api/users/me/profile-image',
      payload: fake.payload,
      headers: { ...fake.headers, ...authHeader(user.token) },
    });
    expect(expectProblem(refused, 400, 'IMAGE_INVALID').detail).toBe(
      '이미지 파일만 업로드 가능합니다.',
    );

    const big = multipart('big.png', 'image/png', Buffer.alloc(5 * 1024 * 1024 + 10, 1));
    const tooBig = await app.inject({
      method: 'POST',
      url: '/api/users/me/profile-image',
      payload: big.payload,
      headers: { ...big.headers, ...authHeader(user.token) },
    });
    expect(expectProblem(tooBig, 413, 'FILE_TOO_LARGE').detail).toBe(
      '파일 크기는 5MB 이하여야 합니다.',
    );
    expectProblem(
      await app.inject({
        method: 'GET',
        url: '/api/files/public/avatars/not-there-at-all-xx.webp',
      }),
      404,
      'NOT_FOUND',
    );
  });
});
