import type { AppContext } from './context';
import { createLocalUser, findCredentials, updateProfile } from './modules/users/users.service';
import { updateProfileSchema } from '@teamup/contracts/users';

export const demoPassword = 'Demo1234!';

const people = [
  {
    email: 'minji@demo.teamup',
    name: '김민지',
    profile: { mbti: 'ENFJ', age: 24, disposition: '리더형', hashtags: ['기획', 'Figma', 'React'] },
  },
  {
    email: 'junho@demo.teamup',
    name: '이준호',
    profile: { mbti: 'ISTJ', age: 25, disposition: '꼼꼼함', hashtags: ['Node.js', 'PostgreSQL'] },
  },
  {
    email: 'seoyeon@demo.teamup',
    name: '박서연',
    profile: { mbti: 'INFP', age: 23, disposition: '아이디어형', hashtags: ['디자인', 'UX'] },
  },
  {
    email: 'hyunwoo@demo.teamup',
    name: '최현우',
    profile: { mbti: 'ESTP', age: 26, disposition: '실행형', hashtags: ['TypeScript', '테스트'] },
  },
] as const;

/** Idempotent: existing demo accounts are kept as they are. Answers the logins to print. */
export async function seedDemo(ctx: AppContext) {
  const passwordHash = await ctx.passwords.hash(demoPassword);
  for (const person of people) {
    if (await findCredentials(ctx, person.email)) continue;
    const user = await createLocalUser(ctx, {
      email: person.email,
      name: person.name,
      passwordHash,
    });
    if (!user) continue;
    await updateProfile(
      ctx,
      user.id,
      updateProfileSchema.parse({
        ...person.profile,
        hashtags: [...person.profile.hashtags],
        introduction: `안녕하세요, ${person.name}입니다.`,
      }),
    );
  }
  return people.map((person) => ({
    email: person.email,
    password: demoPassword,
    name: person.name,
  }));
}
