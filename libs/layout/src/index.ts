// Public API of @mason/layout: name every export.
export { AnnouncementBanner } from './lib/announcement/announcement-banner';
export { dismissBanner, isBannerDismissed } from './lib/announcement/banner-dismissal';
export { RootLayout } from './lib/root-layout/root-layout';
export type { RootLayoutProps } from './lib/root-layout/root-layout';
export { AppFrame } from './lib/app-frame/app-frame';
export type { AppFrameNavItem, AppFrameProps } from './lib/app-frame/app-frame';
