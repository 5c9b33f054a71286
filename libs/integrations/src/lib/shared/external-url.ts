/** Leaves Mason for another site (GitHub's authorize page). */
export type OpenExternalUrl = (url: string) => void;

/** The browser's own navigation: GitHub's page is a whole new page, not a route of the app. */
export const openInBrowser: OpenExternalUrl = (url) => window.location.assign(url);
