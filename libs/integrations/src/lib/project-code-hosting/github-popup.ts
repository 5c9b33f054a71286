/** The window GitHub's sign-in page opens in (the WINDOW flow): shown once its URL is known. */
export interface GithubPopup {
  /** Sends the window to GitHub's authorize page. */
  show: (url: string) => void;
  close: () => void;
}

/** Opens the window at once (inside the click, so that no pop-up blocker stops it), or null. */
export type OpenGithubPopup = () => GithubPopup | null;

const FEATURES = 'popup,width=720,height=780';

/**
 * The browser's own pop-up: opened blank within the click and sent to GitHub when the authorize
 * URL arrives (a window opened after a request has returned is often blocked). Not `noopener`:
 * the callback page tells its opener how connecting went.
 */
export const openBrowserPopup: OpenGithubPopup = () => {
  const popup = window.open('about:blank', 'mason-github-connect', FEATURES);
  if (!popup) return null;
  return {
    show: (url) => {
      popup.location.href = url;
    },
    close: () => popup.close(),
  };
};
