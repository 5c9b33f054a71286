/** Leaves Mason for another page (a payment provider's checkout). */
export type OpenExternalUrl = (url: string) => void;

/** The browser's own navigation: a checkout page is a whole new page, not a route of the app. */
export const openInBrowser: OpenExternalUrl = (url) => window.location.assign(url);
