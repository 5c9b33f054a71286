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

/**
 * The preview runs on another site than Mason's window, and a browser that blocks third-party
 * storage throws on any use of localStorage there, which would crash most generated apps. The
 * app then gets storage in memory for this page instead. Answers the names it replaced, so the
 * bridge can warn that such storage is lost on reload.
 */
export function keepStorageWorking(): string[] {
  const refused: string[] = [];
  for (const name of ['localStorage', 'sessionStorage'] as const) {
    try {
      window[name].getItem('mason');
    } catch {
      try {
        const memory = storageInMemory();
        Object.defineProperty(window, name, { configurable: true, get: () => memory });
        refused.push(name);
      } catch {
        // Left as the browser made it: the app sees the browser's own error.
      }
    }
  }
  return refused;
}
