/** The back office's own settings (staff_settings): today only "TOTP required for everyone" (docs/product/back-office.md#totp). */
import type { Db } from '#server/db/connection.ts';

const TOTP_REQUIRED = 'totp_required';

export async function totpRequired(db: Db): Promise<boolean> {
  const row = await db.selectFrom('staff_settings').select('value').where('name', '=', TOTP_REQUIRED).executeTakeFirst();
  return row?.value === '1';
}

export async function setTotpRequired(db: Db, on: boolean, now = new Date()): Promise<void> {
  const value = on ? '1' : '0';
  const updated_at = now.toISOString();
  await db
    .insertInto('staff_settings')
    .values({ name: TOTP_REQUIRED, value, updated_at })
    .onConflict((oc) => oc.column('name').doUpdateSet({ value, updated_at }))
    .execute();
}
