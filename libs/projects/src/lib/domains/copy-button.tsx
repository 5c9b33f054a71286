import { useEffect, useState } from 'react';
import { Button, CheckIcon, VisuallyHidden } from '@mason/ui-kit';

export interface CopyButtonProps {
  /** What is copied. */
  value: string;
  /** What a screen reader hears, e.g. "Copy the value of the TXT record". */
  label: string;
}

type CopyState = 'idle' | 'copied' | 'failed';

const ANNOUNCEMENTS: Record<CopyState, string> = {
  idle: '',
  copied: 'Copied.',
  failed: 'Copying failed: select the text and copy it.',
};

/** Copies a value to the clipboard, and says so (to the eye and to a screen reader). */
export function CopyButton({ value, label }: CopyButtonProps) {
  const [state, setState] = useState<CopyState>('idle');

  useEffect(() => {
    if (state === 'idle') return;
    // The button reads "Copy" again after a moment.
    const timer = setTimeout(() => setState('idle'), 2000);
    return () => clearTimeout(timer);
  }, [state]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(value);
      setState('copied');
    } catch {
      setState('failed');
    }
  };

  return (
    <>
      <Button
        type="button"
        variant="outline"
        size="sm"
        aria-label={label}
        leadingIcon={state === 'copied' ? <CheckIcon size={14} /> : undefined}
        onClick={() => void copy()}
      >
        {state === 'copied' ? 'Copied' : state === 'failed' ? 'Not copied' : 'Copy'}
      </Button>
      <VisuallyHidden role="status">{ANNOUNCEMENTS[state]}</VisuallyHidden>
    </>
  );
}
