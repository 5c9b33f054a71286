import type { PreviewErrorPhase } from '@mason/contract/preview';
import { pageSettled } from './thumbnail-capture';

/** What the person does that ends a version's first render: an error after it is theirs to see. */
const INTERACTIONS = ['pointerdown', 'keydown', 'input'] as const;

export interface LoadPhase {
  /** 'load' while the version shown renders for the first time; 'after-load' after that. */
  current(): PreviewErrorPhase;
  /** A new version is being swapped in place: its first render starts now. */
  restart(): void;
}

/**
 * Follows whether the page is in a version's first render (PREVIEW_ERROR_PHASES): from the
 * page's start, or a new version swapped in place, until the page has settled (pageSettled) or
 * the person clicks, types or presses a key, whichever comes first. The host repairs by itself
 * only errors of the first render; a click's error is after the load.
 */
export function followLoadPhase(): LoadPhase {
  let loading = false;
  let generation = 0;

  function start(): void {
    generation += 1;
    const mine = generation;
    loading = true;
    void pageSettled().then(() => {
      if (generation === mine) loading = false;
    });
  }

  for (const type of INTERACTIONS) {
    window.addEventListener(
      type,
      () => {
        generation += 1;
        loading = false;
      },
      { capture: true },
    );
  }
  start();
  return { current: () => (loading ? 'load' : 'after-load'), restart: start };
}
