/** A download the page started: the `<a>` it clicked. */
export interface RecordedDownload {
  /** The absolute URL the browser was sent to. */
  readonly href: string;
  /** The anchor's download attribute ('' lets the server's Content-Disposition name the file). */
  readonly download: string;
}

/** The downloads started since recordBrowserDownloads(), and how to stop recording. */
export interface BrowserDownloads {
  readonly started: readonly RecordedDownload[];
  restore(): void;
}

/**
 * Records the downloads a page starts with an `<a download>` click (startBrowserDownload)
 * instead of following them: jsdom cannot download, and a story should not save files. Clicks on
 * other links behave as usual. Call restore() when done (afterEach, or the story's cleanup).
 */
export function recordBrowserDownloads(): BrowserDownloads {
  const started: RecordedDownload[] = [];
  const prototype = HTMLAnchorElement.prototype;
  const original = Object.getOwnPropertyDescriptor(prototype, 'click');
  const click = prototype.click;
  Object.defineProperty(prototype, 'click', {
    configurable: true,
    writable: true,
    value(this: HTMLAnchorElement) {
      if (!this.hasAttribute('download')) return click.call(this);
      started.push({ href: this.href, download: this.download });
    },
  });
  return {
    started,
    restore: () => {
      if (original) Object.defineProperty(prototype, 'click', original);
      else delete (prototype as { click?: unknown }).click;
    },
  };
}
