import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Class names joined, with Tailwind conflicts resolved (`cn('p-4', 'p-6')` is 'p-6'). */
export function cn(...inputs: ClassValue[]) {
  return twMerge(clsx(inputs));
}
