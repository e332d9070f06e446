import { describe, expect, it } from 'vitest';
import {
  clearedLocaleCookie,
  localeCookie,
  LOCALE_COOKIE_MAX_AGE,
  readLocaleCookie,
  rememberedElsewhere,
} from '#lib/tracking/locale-cookie.ts';

describe('locale cookie', () => {
  it('lasts 365 days, Lax, Secure only over https', () => {
    expect(LOCALE_COOKIE_MAX_AGE).toBe(31_536_000);
    expect(localeCookie('no', false)).toBe('locale=no; Max-Age=31536000; Path=/; SameSite=Lax');
    expect(localeCookie('fi', true)).toBe('locale=fi; Max-Age=31536000; Path=/; SameSite=Lax; Secure');
    expect(clearedLocaleCookie()).toBe('locale=; Max-Age=0; Path=/; SameSite=Lax');
  });
  it('reads only storefront codes', () => {
    expect(readLocaleCookie('a=1; locale=da; b=2')).toBe('da');
    expect(readLocaleCookie('locale=xx')).toBeUndefined();
    expect(readLocaleCookie('mylocale=sv')).toBeUndefined();
    expect(readLocaleCookie('locale=svx')).toBeUndefined();
    expect(readLocaleCookie('')).toBeUndefined();
  });
  it('offers the remembered storefront only when it is another one', () => {
    expect(rememberedElsewhere('locale=no', 'sv')).toBe('no');
    expect(rememberedElsewhere('locale=sv', 'sv')).toBeUndefined();
    expect(rememberedElsewhere('', 'sv')).toBeUndefined();
  });
});
