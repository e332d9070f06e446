/**
 * Company accounts (docs/product/company-accounts.md): a business in one storefront, the customers who buy for it
 * and their roles, invitations by e-mail. Every change is checked against the acting member's role here (a page or
 * an endpoint never decides who may); an id from a request only ever selects within the actor's own company.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Db } from '#server/db/connection.ts';
import type { CompaniesTable } from '#server/db/company-tables.ts';
import type { LocaleCode } from '#lib/market/locales.ts';
import { isLocaleCode } from '#lib/market/locales.ts';
import { ConflictError, DomainError, InvalidRequestError, InvalidTokenError, NotFoundError } from '#lib/errors/domain-errors.ts';
import { validateOrganisationNumber } from '#lib/checkout/organisation-number.ts';
import { parseParticipantId } from '#lib/einvoice/peppol-identifiers.ts';
import { companyCan, isCompanyRole, leavesAnAdmin, type CompanyPermission, type CompanyRole } from '#lib/company/company-roles.ts';
import { validateVatNumber } from '#lib/company/vat-number.ts';
import { companyInviteMail } from '#lib/mail/company-invite-mail.ts';
import { enqueueMail } from '#server/mail/outbox.ts';
import { siteSettings } from '#server/market/site-settings.ts';
import { customerById, normalEmail } from '#server/auth/account-service.ts';

/** How long an invitation link works. */
export const INVITATION_DAYS = 14;
const DAY_MS = 86_400_000;

export interface Company {
  id: string;
  locale: LocaleCode;
  name: string;
  organisationNumber: string;
  vatNumber: string | null;
  peppolId: string | null;
  invoiceReference: string | null;
  billing: { street: string; postalCode: string; city: string };
}

export interface Membership {
  customerId: number;
  company: Company;
  role: CompanyRole;
  spendingLimitMinor: number | null;
}

export interface Member {
  customerId: number;
  name: string;
  email: string;
  role: CompanyRole;
  spendingLimitMinor: number | null;
}

export interface CompanyInput {
  name: string;
  organisationNumber: string;
  vatNumber?: string;
  peppolId?: string;
  invoiceReference?: string;
  billing: { street: string; postalCode: string; city: string };
}

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');

type CompanyRow = Omit<CompaniesTable, 'created_at'>;

function companyOf(r: CompanyRow): Company {
  if (!isLocaleCode(r.locale)) throw new Error(`company ${r.id} has no storefront`);
  return {
    id: r.id,
    locale: r.locale,
    name: r.name,
    organisationNumber: r.organisation_number,
    vatNumber: r.vat_number,
    peppolId: r.peppol_id,
    invoiceReference: r.invoice_reference,
    billing: { street: r.billing_street, postalCode: r.billing_postal_code, city: r.billing_city },
  };
}

/** The customer's company and role, if they buy for one. */
export async function membershipOf(db: Db, customerId: number): Promise<Membership | undefined> {
  const row = await db
    .selectFrom('company_members as m')
    .innerJoin('companies as c', 'c.id', 'm.company_id')
    .selectAll('c')
    .select(['m.role', 'm.spending_limit_minor'])
    .where('m.customer_id', '=', customerId)
    .executeTakeFirst();
  if (!row || !isCompanyRole(row.role)) return undefined;
  return { customerId, company: companyOf(row), role: row.role, spendingLimitMinor: row.spending_limit_minor };
}

/** Refuses an actor without the permission (403), so a viewer cannot invite and a buyer cannot approve. */
export function requireCompany(actor: Membership | undefined, permission: CompanyPermission): Membership {
  if (!actor) throw new NotFoundError('you do not buy for a company');
  if (!companyCan(actor.role, permission)) throw new DomainError('forbidden', `a company ${actor.role} may not do this`);
  return actor;
}

/** The company's details checked as at checkout: the organisation number by its country, the VAT number against it. */
function checkedDetails(locale: LocaleCode, input: CompanyInput) {
  const org = validateOrganisationNumber(locale, input.organisationNumber);
  if (!org.ok) throw new InvalidRequestError('the organisation number is not valid', 'organisation_number');
  let vatNumber: string | null = null;
  if (input.vatNumber?.trim()) {
    const vat = validateVatNumber(locale, input.vatNumber, org.normalized);
    if (!vat.ok) throw new InvalidRequestError(`the VAT number is not valid (${vat.reason})`, 'vat_number');
    vatNumber = vat.normalized;
  }
  let peppolId: string | null = null;
  if (input.peppolId?.trim()) {
    const p = parseParticipantId(input.peppolId);
    if (!p.ok) throw new InvalidRequestError(`the Peppol address is not valid (${p.reason})`, 'peppol_id');
    peppolId = `${p.value.scheme}:${p.value.id}`;
  }
  const name = input.name.trim();
  if (!name) throw new InvalidRequestError('the company needs a name', 'name');
  return {
    name,
    organisation_number: org.normalized,
    vat_number: vatNumber,
    peppol_id: peppolId,
    invoice_reference: input.invoiceReference?.trim() || null,
  };
}

/** A new company with the customer as its first admin. One company per organisation number and storefront. */
export async function createCompany(
  db: Db,
  locale: LocaleCode,
  customerId: number,
  input: CompanyInput,
  now = new Date(),
): Promise<Membership> {
  if (await membershipOf(db, customerId)) throw new ConflictError('you already buy for a company');
  const details = checkedDetails(locale, input);
  const taken = await db
    .selectFrom('companies')
    .select('id')
    .where('locale', '=', locale)
    .where('organisation_number', '=', details.organisation_number)
    .executeTakeFirst();
  if (taken)
    throw new ConflictError('this organisation already has a company account: ask its admin for an invitation', 'organisation_number');
  const id = randomUUID();
  const at = now.toISOString();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('companies')
      .values({
        id,
        locale,
        ...details,
        billing_street: input.billing.street.trim(),
        billing_postal_code: input.billing.postalCode.trim(),
        billing_city: input.billing.city.trim(),
        created_at: at,
      })
      .execute();
    await tx
      .insertInto('company_members')
      .values({ customer_id: customerId, company_id: id, role: 'admin', spending_limit_minor: null, created_at: at })
      .execute();
  });
  return (await membershipOf(db, customerId))!;
}

/** An admin changes the company's details (the organisation number stays: another number is another company). */
export async function updateCompany(
  db: Db,
  actor: Membership | undefined,
  input: Omit<CompanyInput, 'organisationNumber'>,
): Promise<Company> {
  const a = requireCompany(actor, 'manage');
  const details = checkedDetails(a.company.locale, { ...input, organisationNumber: a.company.organisationNumber });
  await db
    .updateTable('companies')
    .set({
      name: details.name,
      vat_number: details.vat_number,
      peppol_id: details.peppol_id,
      invoice_reference: details.invoice_reference,
      billing_street: input.billing.street.trim(),
      billing_postal_code: input.billing.postalCode.trim(),
      billing_city: input.billing.city.trim(),
    })
    .where('id', '=', a.company.id)
    .execute();
  return (await membershipOf(db, a.customerId))!.company;
}

/** The company's members, admins first, then by name. Any member may see who buys for the company. */
export async function membersOf(db: Db, actor: Membership | undefined): Promise<Member[]> {
  const a = requireCompany(actor, 'view');
  const rows = await db
    .selectFrom('company_members as m')
    .innerJoin('customers as c', 'c.id', 'm.customer_id')
    .select(['m.customer_id', 'c.name', 'c.email', 'm.role', 'm.spending_limit_minor'])
    .where('m.company_id', '=', a.company.id)
    .execute();
  const order: Record<CompanyRole, number> = { admin: 0, buyer: 1, viewer: 2 };
  return rows
    .flatMap((r) =>
      isCompanyRole(r.role)
        ? [{ customerId: r.customer_id, name: r.name, email: r.email, role: r.role, spendingLimitMinor: r.spending_limit_minor }]
        : [],
    )
    .sort((x, y) => order[x.role] - order[y.role] || x.name.localeCompare(y.name));
}

export interface InvitationInput {
  email: string;
  role: CompanyRole;
  spendingLimitMinor: number | null;
}

/** An admin invites someone by e-mail; the link (token in the mail only, its hash stored) works for INVITATION_DAYS. */
export async function inviteMember(db: Db, actor: Membership | undefined, input: InvitationInput, now = new Date()): Promise<void> {
  const a = requireCompany(actor, 'manage');
  const email = normalEmail(input.email);
  if (!/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email)) throw new InvalidRequestError('not an e-mail address', 'email');
  if (input.spendingLimitMinor !== null && (!Number.isSafeInteger(input.spendingLimitMinor) || input.spendingLimitMinor < 0))
    throw new InvalidRequestError('the spending limit must be a whole amount of at least 0', 'spending_limit');
  const inviter = await customerById(db, a.customerId);
  const token = randomBytes(32).toString('base64url');
  const expires = new Date(now.getTime() + INVITATION_DAYS * DAY_MS);
  await db
    .insertInto('company_invitations')
    .values({
      token_hash: hashOf(token),
      company_id: a.company.id,
      email,
      role: input.role,
      spending_limit_minor: input.role === 'buyer' ? input.spendingLimitMinor : null,
      invited_by: a.customerId,
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
      accepted_at: null,
    })
    .execute();
  const locale = a.company.locale;
  const url = `${siteSettings().origins[locale]}/my-account/company?invitation=${token}`;
  const content = companyInviteMail(locale, {
    inviter: inviter?.name || inviter?.email || a.company.name,
    company: a.company.name,
    role: input.role,
    url,
    validDays: INVITATION_DAYS,
  });
  await enqueueMail(db, { ...content, kind: 'company_invite', locale, to: email }, { now });
}

/** Invitations not yet accepted and not expired, for the admin's list. */
export async function openInvitations(db: Db, actor: Membership | undefined, now = new Date()) {
  const a = requireCompany(actor, 'manage');
  return db
    .selectFrom('company_invitations')
    .select(['email', 'role', 'spending_limit_minor', 'expires_at'])
    .where('company_id', '=', a.company.id)
    .where('accepted_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .orderBy('created_at', 'desc')
    .execute();
}

/**
 * The signed-in customer accepts an invitation: the link must be unused, unexpired and sent to their own e-mail
 * address, and they must not already buy for a company. Any other token answers the same refusal.
 */
export async function acceptInvitation(db: Db, customerId: number, token: string, now = new Date()): Promise<Membership> {
  const customer = await customerById(db, customerId);
  const inv = await db.selectFrom('company_invitations').selectAll().where('token_hash', '=', hashOf(token)).executeTakeFirst();
  if (
    !customer ||
    !inv ||
    inv.accepted_at ||
    inv.expires_at <= now.toISOString() ||
    normalEmail(customer.email) !== inv.email ||
    !isCompanyRole(inv.role)
  )
    throw new InvalidTokenError('this invitation is not valid for you (used, expired or sent to another address)');
  if (await membershipOf(db, customerId)) throw new ConflictError('you already buy for a company');
  await db.transaction().execute(async (tx) => {
    const taken = await tx
      .updateTable('company_invitations')
      .set({ accepted_at: now.toISOString() })
      .where('token_hash', '=', inv.token_hash)
      .where('accepted_at', 'is', null)
      .executeTakeFirst();
    if (Number(taken.numUpdatedRows) !== 1) throw new InvalidTokenError('this invitation was just used');
    await tx
      .insertInto('company_members')
      .values({
        customer_id: customerId,
        company_id: inv.company_id,
        role: inv.role,
        spending_limit_minor: inv.spending_limit_minor,
        created_at: now.toISOString(),
      })
      .execute();
  });
  return (await membershipOf(db, customerId))!;
}

/** An admin changes a member's role or limit, or removes them (`role` null); the company keeps at least one admin. */
export async function changeMember(
  db: Db,
  actor: Membership | undefined,
  customerId: number,
  change: { role: CompanyRole | null; spendingLimitMinor?: number | null },
): Promise<void> {
  const a = requireCompany(actor, 'manage');
  const members = await membersOf(db, a);
  const member = members.find((m) => m.customerId === customerId);
  if (!member) throw new NotFoundError('no such member of your company');
  if (!leavesAnAdmin(members, { customerId, role: change.role })) throw new ConflictError('the company needs at least one admin');
  if (change.role === null) {
    await db.deleteFrom('company_members').where('customer_id', '=', customerId).where('company_id', '=', a.company.id).execute();
    return;
  }
  const limit = change.role === 'buyer' ? (change.spendingLimitMinor ?? null) : null;
  if (limit !== null && (!Number.isSafeInteger(limit) || limit < 0))
    throw new InvalidRequestError('the spending limit must be a whole amount of at least 0', 'spending_limit');
  await db
    .updateTable('company_members')
    .set({ role: change.role, spending_limit_minor: limit })
    .where('customer_id', '=', customerId)
    .where('company_id', '=', a.company.id)
    .execute();
}
