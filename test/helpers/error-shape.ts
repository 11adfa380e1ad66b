import { expect } from 'vitest';

/** The error shape of decisions §3, with a short message that does not give away the token. */
export function expectErrorShape(response: { status: number; body: any; headers: Record<string, unknown> }, token: string, where: string): void {
  expect(String(response.headers['content-type']), where).toMatch(/^application\/json/);
  expect(Object.keys(response.body ?? {}), where).toEqual(['error']);
  const { status, message, ...rest } = response.body.error;
  expect(status, where).toBe(response.status);
  expect(typeof message === 'string' && message.length > 0 && message.length <= 300, `${where}: message ${JSON.stringify(message)}`).toBe(true);
  expect(Object.keys(rest).filter((key) => key !== 'reason'), where).toEqual([]);
  expect(message.includes(token), where).toBe(false);
}
