import { expect } from 'vitest';
import type { Page } from 'playwright-core';
import type { Stack } from './stack';

export const password = 'Password1';
/** Signs up through the real API, the code read from the real SMTP sink. */
export async function signUp(stack: Stack, email: string) {
  const send = (url: string, body: object) =>
    fetch(`${stack.baseUrl}${url}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  expect((await send('/api/auth/email/request', { email })).status).toBe(200);
  const mail = await stack.sink.waitForMail(email, () => true, 15_000);
  const code = /(\d{6})/.exec(mail.text)?.[1] ?? '';
  expect((await send('/api/auth/email/verify', { email, verificationCode: code })).status).toBe(
    200,
  );
  const registered = await send('/api/users/register', {
    email,
    password,
    confirmPassword: password,
  });
  expect(registered.status).toBe(201);
}

export async function login(page: Page, email: string) {
  await page.goto('/#/login');
  await page.getByTestId('login-email').fill(email);
  await page.getByTestId('login-password').fill(password);
  await page.getByTestId('login-submit').click();
  await page.getByTestId('profile-menu').waitFor();
}
