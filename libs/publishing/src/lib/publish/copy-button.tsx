import { useEffect, useState } from 'react';
import { Button, CheckIcon, VisuallyHidden } from '@mason/ui-kit';

/** How long "Copied" stays on the button. */
const COPIED_FOR_MS = 2000;

export interface CopyButtonProps {
  /** What goes to the clipboard. */
  text: string;
  /** The button's accessible name ("Copy the address"). */
  label: string;
}

/** Copies `text` to the clipboard, and says so on the button and to screen readers. */
export function CopyButton({ text, label }: CopyButtonProps) {
  const [outcome, setOutcome] = useState<'copied' | 'failed' | null>(null);

  useEffect(() => {
    if (outcome === null) return undefined;
    const timer = setTimeout(() => setOutcome(null), COPIED_FOR_MS);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setOutcome('copied');
    } catch {
      setOutcome('failed');
    }
  };

  return (
    <>
      <Button
        size="sm"
        variant="outline"
        aria-label={label}
        leadingIcon={outcome === 'copied' ? <CheckIcon size={14} /> : undefined}
        onClick={() => void copy()}
      >
        {outcome === 'copied' ? 'Copied' : outcome === 'failed' ? 'Copy failed' : 'Copy'}
      </Button>
      <VisuallyHidden role="status">
        {outcome === 'copied'
          ? 'Copied to the clipboard.'
          : outcome === 'failed'
            ? 'Could not copy. Select the address and copy it by hand.'
            : ''}
      </VisuallyHidden>
    </>
  );
}
