/**
 * The shared staff-session fixture (tests/api/backoffice-session.ts) signs a member of each role in, and the
 * back office answers by role (docs/product/back-office.md).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDb } from './api-support.ts';
import { boGet, staffSession } from './backoffice-session.ts';
import type { DbHandle } from '#server/db/connection.ts';

let h: DbHandle;
beforeAll(() => {
  h = openTestDb();
});
afterAll(async () => {
  await h.db.destroy();
});

describe('the staff-session fixture', () => {
  it('signs an editor in: the dashboard opens with a CSRF token, the staff page is refused', async () => {
    const s = await staffSession(h, 'editor');
    expect(s.csrf).not.toBe('');
    expect((await boGet('/', s.cookie)).status).toBe(200);
    expect((await boGet('/staff', s.cookie)).status).toBe(403);
  });
});
