// Screenshots of class mode's screens (session tool, not committed): demo server on :8090.
import { chromium } from 'playwright-core';
const base = 'http://127.0.0.1:8090';
const api = async (token, method, path, body) => {
  const res = await fetch(`${base}/api${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status >= 400) console.log('!!', method, path, res.status, text.slice(0, 300));
  try { return JSON.parse(text).data; } catch { return null; }
};
const login = async (email) => api(null, 'POST', '/auth/login', { email, password: 'Demo1234!' });
const people = {};
for (const who of ['minji', 'junho', 'seoyeon', 'hyunwoo']) people[who] = await login(`${who}@demo.teamup`);
const owner = people.minji;
const [ws] = await api(owner.token, 'GET', '/workspaces/my');
await api(owner.token, 'PUT', `/workspaces/${ws.id}`, { isClass: true });
const teams = await api(owner.token, 'GET', `/teams/workspace/${ws.id}`);
console.log('teams', teams.map((t) => `${t.id}:${t.name}`).join(' '));
let rounds = await api(owner.token, 'GET', `/workspaces/${ws.id}/evaluations`);
let round = rounds?.rounds?.[0] ?? rounds?.items?.[0];
if (!round) {
  round = await api(owner.token, 'POST', `/workspaces/${ws.id}/evaluations`, {
    title: '중간 동료 평가',
    description: '팀원 한 명 한 명을 솔직하게 평가해주세요.',
    criteria: [
      { title: '기여도', description: '맡은 일을 해냈는가' },
      { title: '소통', description: '제때 연락하고 응답했는가' },
    ],
    includeSelf: true,
    opensAt: new Date(Date.now() - 60_000).toISOString(),
    closesAt: new Date(Date.now() + 48 * 3600_000).toISOString(),
  });
  for (const [who, person] of Object.entries(people)) {
    const detail = await api(person.token, 'GET', `/evaluations/${round.id}`);
    for (const team of detail?.myTeams ?? []) {
      const responses = team.ratees.map((r, i) => ({ rateeId: r.userId, scores: [who === 'hyunwoo' ? 5 : 3 + (i % 3), 4], comment: r.isSelf ? '' : '자료 조사를 꼼꼼히 해줬어요' }));
      await api(person.token, 'PUT', `/evaluations/${round.id}/teams/${team.teamId}/responses`, { responses });
    }
  }
}
const backend = teams.find((t) => t.name === '백엔드');
const front = teams.find((t) => t.name === '프론트엔드');
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox', '--disable-gpu'] });
const shots = [
  ['overview', `/#/ws/${ws.id}/class`],
  ['evaluation', `/#/ws/${ws.id}/evaluations/${round.id}`],
  ['contribution', `/#/ws/${ws.id}/team/${front.id}?tab=contribution`],
  ['readonly-kanban', `/#/ws/${ws.id}/team/${backend.id}?tab=kanban`],
];
for (const [width, height] of [[1280, 800], [360, 740]]) {
  const context = await browser.newContext({ viewport: { width, height }, locale: 'ko-KR' });
  await context.addInitScript(([t, r, u]) => {
    localStorage.setItem('teamup.accessToken', t);
    localStorage.setItem('teamup.refreshToken', r);
    localStorage.setItem('teamup.userId', String(u));
  }, [owner.token, owner.refreshToken, owner.user.id]);
  const page = await context.newPage();
  for (const [name, path] of shots) {
    await page.goto(base + path);
    await page.waitForTimeout(2500);
    await page.screenshot({ path: `/work/logs/shots/${name}-${width}.png`, fullPage: name !== 'readonly-kanban' });
    if (name === 'readonly-kanban') {
      const card = page.getByTestId('kanban-task').first();
      if (await card.count()) {
        await card.click();
        await page.waitForTimeout(1200);
        await page.screenshot({ path: `/work/logs/shots/readonly-card-${width}.png` });
      } else console.log('no card on', path);
    }
  }
  await context.close();
}
await browser.close();
console.log('done');
