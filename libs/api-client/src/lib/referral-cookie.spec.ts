import { readReferralCookie } from './referral-cookie';

describe('readReferralCookie', () => {
  afterEach(() => {
    document.cookie = 'referral_code=; max-age=0';
  });

  it('reads the referral_code cookie among others, decoded', () => {
    expect(readReferralCookie('theme=dark; referral_code=FRIEND%2042; other=1')).toBe('FRIEND 42');
  });

  it('is undefined when the cookie is missing or empty', () => {
    expect(readReferralCookie('theme=dark')).toBeUndefined();
    expect(readReferralCookie('referral_code=')).toBeUndefined();
    expect(readReferralCookie('my_referral_code=X')).toBeUndefined();
  });

  it('reads the page’s cookies by default', () => {
    expect(readReferralCookie()).toBeUndefined();
    document.cookie = 'referral_code=FRIEND7';
    expect(readReferralCookie()).toBe('FRIEND7');
  });
});
