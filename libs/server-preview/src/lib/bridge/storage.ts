/** Storage kept in memory for this page: what the app gets when the browser refuses its own. */
export function storageInMemory(): Storage {
  const data = new Map<string, string>();
  return {
    get length() {
      return data.size;
    },
    key: (index: number) => [...data.keys()][index] ?? null,
    getItem: (key: string) => data.get(String(key)) ?? null,
    setItem: (key: string, value: string) => {
      data.set(String(key), String(value));
    },
    removeItem: (key: string) => {
      data.delete(String(key));
    },
    clear: () => data.clear(),
  };
}

type StorageName = 'localStorage' | 'sessionStorage';

/** The browser's storage, or null when it refuses this page (third-party storage blocked). */
function browserStorage(get: () => Storage): Storage | null {
  try {
    const storage = get();
    storage.getItem('mason');
    return storage;
  } catch {
    return null;
  }
}

/**
 * The preview runs on another site than Mason's window, and a browser that blocks third-party
 * storage throws on any use of localStorage there, which would crash most generated apps. The
 * app then gets storage in memory for this page instead, and `refused(name)` is told, so the
 * bridge can warn that such storage is lost on reload.
 *
 * The browser's storage is tried when the app first reaches for it, not before the app starts:
 * a page's first use of storage waits on the browser (tens of milliseconds in a fresh tab), and
 * an app that never uses it should not pay that before its first paint.
 */
export function keepStorageWorking(refused: (name: StorageName) => void): void {
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    const own = Object.getOwnPropertyDescriptor(window, name);
    const native = own?.get;
    if (own?.configurable && native) {
      let chosen: Storage | null = null;
      Object.defineProperty(window, name, {
        configurable: true,
        enumerable: own.enumerable,
        get: () => {
          if (chosen === null) {
            chosen = browserStorage(() => native.call(window) as Storage);
            if (chosen === null) {
              chosen = storageInMemory();
              refused(name);
            }
          }
          return chosen;
        },
      });
      continue;
    }
    // A window whose storage cannot be wrapped: tried now.
    if (browserStorage(() => window[name]) !== null) continue;
    try {
      const memory = storageInMemory();
      Object.defineProperty(window, name, { configurable: true, get: () => memory });
      refused(name);
    } catch {
      // Left as the browser made it: the app sees the browser's own error.
    }
  }
}
