import type { BuildDiagnostic } from '@mason/contract/preview';

/** Where one framed preview is: starting, running, or showing a failed build. */
export interface FrameStatus {
  readonly phase: 'loading' | 'ready' | 'build-failed';
  readonly diagnostics: readonly BuildDiagnostic[];
  /** The bridge of the page in the frame has spoken since the last (re)load: it can be told things. */
  readonly connected: boolean;
  /** How many times the bridge said `ready`: whatever it must know is posted again after each. */
  readonly readyCount: number;
  /** Counts the loads, so a slow-load timer belongs to one of them. */
  readonly attempt: number;
}

export type FrameEvent =
  | { readonly type: 'ready' }
  | { readonly type: 'build-failed'; readonly diagnostics: readonly BuildDiagnostic[] }
  | { readonly type: 'reload' };

export const STARTING_FRAME: FrameStatus = {
  phase: 'loading',
  diagnostics: [],
  connected: false,
  readyCount: 0,
  attempt: 0,
};

export function frameStatusReducer(status: FrameStatus, event: FrameEvent): FrameStatus {
  switch (event.type) {
    case 'ready':
      return {
        ...status,
        phase: 'ready',
        diagnostics: [],
        connected: true,
        readyCount: status.readyCount + 1,
      };
    case 'build-failed':
      return { ...status, phase: 'build-failed', diagnostics: event.diagnostics, connected: true };
    case 'reload':
      return {
        ...status,
        phase: 'loading',
        diagnostics: [],
        connected: false,
        attempt: status.attempt + 1,
      };
  }
}
