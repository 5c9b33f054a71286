import * as ToastPrimitive from '@radix-ui/react-toast';
import { XIcon } from 'lucide-react';
import { useSyncExternalStore } from 'react';
import { cn } from '@/lib/utils';

export interface ToastOptions {
  title: string;
  description?: string;
  variant?: 'default' | 'destructive';
}

interface ShownToast extends ToastOptions {
  id: number;
}

let shown: readonly ShownToast[] = [];
let nextId = 1;
const listeners = new Set<() => void>();

function setShown(toasts: readonly ShownToast[]) {
  shown = toasts;
  for (const listener of listeners) listener();
}

/** Shows a short message in the corner; screen readers announce it. */
export function toast(options: ToastOptions) {
  setShown([...shown, { ...options, id: nextId++ }]);
}

function dismiss(id: number) {
  setShown(shown.filter((item) => item.id !== id));
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

/** Where toasts appear: render it once, near the root of the app. */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribe, () => shown);
  return (
    <ToastPrimitive.Provider swipeDirection="right">
      {toasts.map((item) => (
        <ToastPrimitive.Root
          key={item.id}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
          className={cn(
            'relative flex w-full items-start justify-between gap-4 rounded-lg border bg-background p-4 pr-8 text-foreground shadow-lg',
            item.variant === 'destructive' && 'border-destructive text-destructive',
          )}
        >
          <div className="grid gap-1">
            <ToastPrimitive.Title className="text-sm font-semibold">
              {item.title}
            </ToastPrimitive.Title>
            {item.description && (
              <ToastPrimitive.Description className="text-sm opacity-90">
                {item.description}
              </ToastPrimitive.Description>
            )}
          </div>
          <ToastPrimitive.Close
            aria-label="Close"
            className="absolute top-2 right-2 rounded-md p-1 opacity-70 hover:opacity-100 focus-visible:ring-[3px] focus-visible:ring-ring/50 focus-visible:outline-none"
          >
            <XIcon className="size-4" />
          </ToastPrimitive.Close>
        </ToastPrimitive.Root>
      ))}
      <ToastPrimitive.Viewport className="fixed right-0 bottom-0 z-[100] flex max-h-screen w-full flex-col gap-2 p-4 sm:max-w-sm" />
    </ToastPrimitive.Provider>
  );
}
