import type { ComponentProps } from 'react';
import { cn } from '@/lib/utils';

/** A grey placeholder that pulses while its content loads. */
export function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return (
    <div
      data-slot="skeleton"
      aria-hidden="true"
      className={cn('animate-pulse rounded-md bg-accent', className)}
      {...props}
    />
  );
}
