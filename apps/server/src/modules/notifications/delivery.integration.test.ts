import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultDeliverySettings, type DeliverySettings } from '@teamup/contracts/delivery';
import { call, createUser, dataOf, expectProblem, type TestUser } from '../../../test/factories';
import { createTestApp, type TestApp } from '../../../test/test-app';

let app: TestApp;
let member: TestUser;
let other: TestUser;

beforeAll(async () => {
  app = await createTestApp();
  member = await createUser(app, '팀원');
  other = await createUser(app, '다른 사람');
});
afterAll(async () => {
  await app.close();
});

const path = '/api/notifications/delivery';
const settingsOf = async (user: TestUser) =>
  dataOf<DeliverySettings>(await call(app, user, 'GET', path));

const quietNights: DeliverySettings = {
  digest: 'DAILY_9AM',
  quietHours: { enabled: true, start: '22:30', end: '07:00', allowMentions: true },
  timeZone: 'Europe/London',
  // Only the hour-before reminder of a card's deadline (issue 44): stored and answered as chosen.
  taskReminders: ['1H'],
};

describe('delivery settings (digest mail, quiet hours)', () => {
  it('requires authentication', async () => {
    for (const method of ['GET', 'PUT'] as const) {
      expectProblem(await call(app, null, method, path, quietNights), 401, 'AUTH_REQUIRED');
    }
  });

  it('start from the defaults, and keep what the member saves for that member only', async () => {
    expect(await settingsOf(member)).toEqual(defaultDeliverySettings);
    expect(dataOf<DeliverySettings>(await call(app, member, 'PUT', path, quietNights))).toEqual(
      quietNights,
    );
    expect(await settingsOf(member)).toEqual(quietNights);
    expect(await settingsOf(other)).toEqual(defaultDeliverySettings);
    // Saved again (an update, not a second row).
    const back = { ...quietNights, digest: 'OFF' as const };
    expect(dataOf<DeliverySettings>(await call(app, member, 'PUT', path, back))).toEqual(back);
    expect(await settingsOf(member)).toEqual(back);
  });

  it('refuse an unknown zone, an impossible time, an empty window or a missing part, changing nothing', async () => {
    const before = await settingsOf(member);
    const refusals: Array<[unknown, string]> = [
      [{ ...quietNights, timeZone: 'Mars/Olympus' }, '알 수 없는 시간대입니다.'],
      [
        { ...quietNights, quietHours: { ...quietNights.quietHours, start: '25:00' } },
        '시각은 00:00부터 23:59 사이로 입력해주세요.',
      ],
      [
        { ...quietNights, quietHours: { ...quietNights.quietHours, end: '22:30' } },
        '방해금지 시작과 끝 시각이 같을 수 없습니다.',
      ],
      [{ digest: 'OFF' }, ''],
      [{ ...quietNights, digest: 'EVERY_SECOND' }, ''],
    ];
    for (const [body, message] of refusals) {
      const response = await call(app, member, 'PUT', path, body);
      const problem = expectProblem(response, 400, 'VALIDATION_FAILED');
      if (message) expect(JSON.stringify(problem)).toContain(message);
    }
    expect(await settingsOf(member)).toEqual(before);
  });
});
