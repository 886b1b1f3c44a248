/**
 * The browser's localStorage, as the app reads it, for the prerender in Node (which has none). Its own module,
 * imported first by prerender-entry.tsx: the app's modules read the stored language as they load.
 */
class MemoryStorage {
  private values = new Map<string, string>();
  getItem(key: string): string | null {
    return this.values.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    this.values.set(key, value);
  }
  removeItem(key: string): void {
    this.values.delete(key);
  }
}

export const storage = new MemoryStorage();
Object.assign(globalThis, { localStorage: storage });
