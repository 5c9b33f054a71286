import { useEffect, useState } from 'react';
import { Button, CheckIcon, VisuallyHidden } from '@mason/ui-kit';

export interface CopyLinkButtonProps {
  /** The link to put on the clipboard. */
  link: string;
}

type Outcome = 'ready' | 'copied' | 'failed';

const SPOKEN: Record<Outcome, string> = {
  ready: '',
  copied: 'Copied',
  failed: 'Copying failed: select the link and copy it.',
};

/** "Copy": puts the link on the clipboard and says so, to the eye and to a screen reader. */
export function CopyLinkButton({ link }: CopyLinkButtonProps) {
  const [outcome, setOutcome] = useState<Outcome>('ready');

  useEffect(() => {
    if (outcome === 'ready') return;
    // After a moment the button offers to copy again.
    const timer = setTimeout(() => setOutcome('ready'), 2500);
    return () => clearTimeout(timer);
  }, [outcome]);

  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => setOutcome('copied'),
      () => setOutcome('failed'),
    );

  return (
    <>
      <Button
        type="button"
        variant="outline"
        aria-label="Copy your referral link"
        leadingIcon={outcome === 'copied' ? <CheckIcon size={14} /> : undefined}
        onClick={() => void copy()}
      >
        {outcome === 'copied' ? 'Copied' : 'Copy'}
      </Button>
      <VisuallyHidden role="status">{SPOKEN[outcome]}</VisuallyHidden>
    </>
  );
}
