import { describe, expect, it } from 'vitest';
import { defaultEndpoint, parseParticipantId, registrationId } from '#lib/einvoice/peppol-identifiers.ts';

describe('registrationId', () => {
  it('writes each country organisation number as its Peppol scheme expects', () => {
    expect(registrationId('sv', '556677-8899')).toEqual({ scheme: '0007', id: '5566778899' });
    expect(registrationId('no', '987 654 325')).toEqual({ scheme: '0192', id: '987654325' });
    expect(registrationId('da', '29876541')).toEqual({ scheme: '0184', id: 'DK29876541' });
    expect(registrationId('fi', '2345678-0')).toEqual({ scheme: '0212', id: '2345678-0' });
    expect(registrationId('nl', '12345678')).toEqual({ scheme: '0106', id: '12345678' });
  });
  it('refuses a number that fails its check digit', () => {
    expect(registrationId('sv', '556677-8898')).toBeUndefined();
    expect(registrationId('no', '987654321')).toBeUndefined();
  });
});

describe('defaultEndpoint', () => {
  it('is the registration, except in Finland where companies are reached at their OVT code', () => {
    expect(defaultEndpoint('sv', '5566778899')).toEqual({ scheme: '0007', id: '5566778899' });
    expect(defaultEndpoint('fi', '2345678-0')).toEqual({ scheme: '0216', id: '003723456780' });
  });
});

describe('parseParticipantId', () => {
  it('reads scheme and id, with or without the identifier scheme prefix', () => {
    expect(parseParticipantId(' 0007:5566778899 ')).toEqual({ ok: true, value: { scheme: '0007', id: '5566778899' } });
    expect(parseParticipantId('iso6523-actorid-upis::0192:987654325')).toEqual({ ok: true, value: { scheme: '0192', id: '987654325' } });
  });
  it('names what is wrong', () => {
    expect(parseParticipantId('5566778899')).toEqual({ ok: false, reason: 'format' });
    expect(parseParticipantId('1234:abc')).toEqual({ ok: false, reason: 'scheme' });
  });
});
