import { useEffect, useRef, useState } from 'react';
import { Button, CheckIcon, VisuallyHidden } from '@mason/ui-kit';

export interface CopyPathButtonProps {
  /** The text to copy: the path the app's code uses. */
  text: string;
  /** Called when the clipboard refused the text (the caller shows where to copy it by hand). */
  onFailed?: () => void;
}

/** Copies the path to the clipboard and says so, in words a screen reader hears too. */
export function CopyPathButton({ text, onFailed }: CopyPathButtonProps) {
  const [copied, setCopied] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);

  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await navigator.clipboard.writeText(text);
    } catch {
      setCopied(false);
      onFailed?.();
      return;
    }
    setCopied(true);
    timer.current = setTimeout(() => setCopied(false), 2500);
  };

  return (
    <>
      <Button
        variant="outline"
        size="sm"
        onClick={() => void copy()}
        aria-label={`Copy the path ${text}`}
        leadingIcon={copied ? <CheckIcon size={14} /> : undefined}
      >
        {copied ? 'Copied' : 'Copy'}
      </Button>
      <VisuallyHidden role="status">{copied ? `Copied ${text}` : ''}</VisuallyHidden>
    </>
  );
}
