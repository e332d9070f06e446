/**
 * Company accounts (docs/product/company-accounts.md), on SQLite and PostgreSQL: a customer founds a company and is
 * its admin; an admin invites by e-mail (the token only in the mail), the invited customer accepts with their own
 * address; roles decide who may manage; the last admin stays; one company per organisation number and storefront.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '#server/db/connection.ts';
import { createCustomer } from '#server/auth/account-links.ts';
import {
  acceptInvitation,
  changeMember,
  createCompany,
  inviteMember,
  membersOf,
  membershipOf,
  openInvitations,
  updateCompany,
} from '#server/company/company-accounts.ts';
import { ENGINES } from '#tests/unit/server/backoffice/backoffice-db.ts';

const DETAILS = {
  name: 'Fastighetsservice AB',
  organisationNumber: '556677-8899',
  vatNumber: 'SE556677889901',
  billing: { street: 'Servicevägen 4', postalCode: '111 22', city: 'Stockholm' },
};

for (const engine of ENGINES) {
  describe(`company accounts on ${engine.name}`, () => {
    let db: Db;
    let close: () => Promise<void>;
    const ids: Record<string, number> = {};
    beforeAll(async () => {
      ({ db, close } = await engine.open());
      for (const who of ['anna', 'bo', 'cia', 'dan']) ids[who] = (await createCustomer(db, `${who}@example.se`, who.toUpperCase()))!.id;
    });
    afterAll(async () => {
      await close?.();
    });

    const tokenOfMail = async (to: string) => {
      const mail = await db
        .selectFrom('mail_outbox')
        .select(['text_body', 'kind'])
        .where('recipient', '=', to)
        .orderBy('created_at', 'desc')
        .executeTakeFirstOrThrow();
      expect(mail.kind).toBe('company_invite');
      return /invitation=([\w-]+)/.exec(mail.text_body)![1]!;
    };

    it('founds a company with its founder as admin, checking the numbers; one per organisation number', async () => {
      const m = await createCompany(db, 'sv', ids.anna!, DETAILS);
      expect(m).toMatchObject({
        role: 'admin',
        company: { name: 'Fastighetsservice AB', organisationNumber: '556677-8899', vatNumber: 'SE556677889901' },
      });
      await expect(createCompany(db, 'sv', ids.bo!, DETAILS)).rejects.toMatchObject({ code: 'conflict', field: 'organisation_number' });
      await expect(createCompany(db, 'sv', ids.bo!, { ...DETAILS, organisationNumber: '556677-8898' })).rejects.toMatchObject({
        field: 'organisation_number',
      });
      await expect(createCompany(db, 'sv', ids.bo!, { ...DETAILS, organisationNumber: '559123-4561' })).rejects.toMatchObject({
        field: 'vat_number',
      });
      await expect(
        createCompany(db, 'sv', ids.anna!, { ...DETAILS, organisationNumber: '559123-4561', vatNumber: '' }),
      ).rejects.toMatchObject({ code: 'conflict' });
    });

    it('invites by e-mail; only the invited address accepts, once; a buyer cannot invite', async () => {
      const admin = await membershipOf(db, ids.anna!);
      await inviteMember(db, admin, { email: 'Bo@Example.se', role: 'buyer', spendingLimitMinor: 500_000 });
      expect((await openInvitations(db, admin)).map((i) => i.email)).toEqual(['bo@example.se']);
      const token = await tokenOfMail('bo@example.se');
      // the stored row is the hash, never the token
      expect(
        await db.selectFrom('company_invitations').select('token_hash').where('token_hash', '=', token).executeTakeFirst(),
      ).toBeUndefined();
      await expect(acceptInvitation(db, ids.cia!, token)).rejects.toMatchObject({ code: 'invalid_token' });
      const bo = await acceptInvitation(db, ids.bo!, token);
      expect(bo).toMatchObject({ role: 'buyer', spendingLimitMinor: 500_000, company: { id: admin!.company.id } });
      await expect(acceptInvitation(db, ids.bo!, token)).rejects.toMatchObject({ code: 'invalid_token' });
      expect(await openInvitations(db, admin)).toEqual([]);
      await expect(inviteMember(db, bo, { email: 'dan@example.se', role: 'viewer', spendingLimitMinor: null })).rejects.toMatchObject({
        code: 'forbidden',
      });
      await expect(updateCompany(db, bo, { name: 'X', billing: DETAILS.billing })).rejects.toMatchObject({ code: 'forbidden' });
    });

    it('refuses an expired invitation', async () => {
      const admin = await membershipOf(db, ids.anna!);
      await inviteMember(
        db,
        admin,
        { email: 'dan@example.se', role: 'viewer', spendingLimitMinor: null },
        new Date(Date.now() - 15 * 86_400_000),
      );
      await expect(acceptInvitation(db, ids.dan!, await tokenOfMail('dan@example.se'))).rejects.toMatchObject({ code: 'invalid_token' });
      expect(await membershipOf(db, ids.dan!)).toBeUndefined();
    });

    it('lets an admin change roles and limits but never lose the last admin', async () => {
      const admin = await membershipOf(db, ids.anna!);
      expect((await membersOf(db, admin)).map((m) => [m.name, m.role])).toEqual([
        ['ANNA', 'admin'],
        ['BO', 'buyer'],
      ]);
      await changeMember(db, admin, ids.bo!, { role: 'buyer', spendingLimitMinor: 100_000 });
      expect((await membershipOf(db, ids.bo!))!.spendingLimitMinor).toBe(100_000);
      await expect(changeMember(db, admin, ids.anna!, { role: 'buyer' })).rejects.toMatchObject({ code: 'conflict' });
      await expect(changeMember(db, admin, ids.cia!, { role: null })).rejects.toMatchObject({ code: 'not_found' });
      await changeMember(db, admin, ids.bo!, { role: 'viewer' });
      expect(await membershipOf(db, ids.bo!)).toMatchObject({ role: 'viewer', spendingLimitMinor: null });
      await changeMember(db, admin, ids.bo!, { role: null });
      expect(await membershipOf(db, ids.bo!)).toBeUndefined();
    });
  });
}
