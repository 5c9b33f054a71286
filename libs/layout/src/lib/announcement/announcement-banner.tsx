import { useEffect, useState } from 'react';
import { useGetClientConfigQuery } from '@mason/api-client';
import { Banner } from '@mason/ui-kit';
import { dismissBanner, isBannerDismissed, msUntilBannerReturns } from './banner-dismissal';

/**
 * The announcement of SPEC.md 1 (text and link from the server's configuration). Dismissing
 * it hides it for 15 minutes, remembered across reloads; then it comes back by itself.
 */
export function AnnouncementBanner() {
  const { data: config } = useGetClientConfigQuery();
  const banner = config?.banner ?? null;
  const [, rerender] = useState(0);
  const hidden = banner ? isBannerDismissed(banner.id) : true;

  useEffect(() => {
    if (!banner || !hidden) return;
    const timer = setTimeout(
      () => rerender((count) => count + 1),
      msUntilBannerReturns(banner.id) + 50,
    );
    return () => clearTimeout(timer);
  }, [banner, hidden]);

  if (!banner || hidden) return null;
  return (
    <Banner
      tone="warning"
      link={{ href: banner.href, label: banner.linkText, external: /^https?:/.test(banner.href) }}
      onDismiss={() => {
        dismissBanner(banner.id);
        rerender((count) => count + 1);
      }}
    >
      {banner.text}
    </Banner>
  );
}
