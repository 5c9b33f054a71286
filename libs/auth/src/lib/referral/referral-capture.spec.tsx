import { screen } from '@testing-library/react';
import { Link } from 'react-router';
import { renderAuth } from '../test-utils/render-auth';
import { readReferralCookie } from '@mason/api-client';
import { ReferralCapture, referralCodeOf, referralCookie } from './referral-capture';

beforeEach(() => {
  document.cookie = 'referral_code=; max-age=0; path=/';
});

describe('ReferralCapture', () => {
  it('keeps the code of a link to any page in the referral_code cookie', async () => {
    renderAuth(
      <>
        <ReferralCapture />
        <h1>Pricing</h1>
      </>,
      { route: '/pricing?ref=ADA7K2M9QX', path: '/pricing' },
    );
    expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeInTheDocument();
    expect(readReferralCookie()).toBe('ADA7K2M9QX');
  });

  it('keeps the cookie when the person moves on to pages without a code', async () => {
    const view = renderAuth(
      <>
        <ReferralCapture />
        <Link to="/signup">Sign up</Link>
      </>,
      {
        route: '/?ref=FRIEND7',
        path: '/',
        routes: { '/signup': <h1>Sign up</h1> },
      },
    );
    await view.user.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(await screen.findByRole('heading', { name: 'Sign up' })).toBeInTheDocument();
    expect(readReferralCookie()).toBe('FRIEND7');
  });

  it('sets no cookie for a page without a code, or with an empty or overlong one', async () => {
    for (const route of ['/pricing', '/pricing?ref=', `/pricing?ref=${'x'.repeat(65)}`]) {
      const view = renderAuth(
        <>
          <ReferralCapture />
          <h1>Pricing</h1>
        </>,
        { route, path: '/pricing' },
      );
      expect(await screen.findByRole('heading', { name: 'Pricing' })).toBeInTheDocument();
      expect(readReferralCookie()).toBeUndefined();
      view.unmount();
    }
  });
});

describe('referralCookie', () => {
  it('lasts 30 days on the whole site, sent on top-level visits from other sites', () => {
    expect(referralCookie('A B')).toBe(
      'referral_code=A%20B; Max-Age=2592000; Path=/; SameSite=Lax',
    );
    expect(referralCookie('ABC', true)).toBe(
      'referral_code=ABC; Max-Age=2592000; Path=/; SameSite=Lax; Secure',
    );
  });

  it('reads the code of a query, trimmed', () => {
    expect(referralCodeOf('?plan=PRO&ref=%20ABC%20')).toBe('ABC');
    expect(referralCodeOf('?plan=PRO')).toBeUndefined();
  });

  it('reads only a code the server would take: not a blank one, not one over 64 characters', () => {
    expect(referralCodeOf('?ref=%20%20')).toBeUndefined();
    expect(referralCodeOf(`?ref=${'A'.repeat(64)}`)).toBe('A'.repeat(64));
    expect(referralCodeOf(`?ref=${'A'.repeat(65)}`)).toBeUndefined();
  });
});
