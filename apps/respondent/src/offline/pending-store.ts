import type { TAnswer } from '@tieline/validation';

/** A save sent but not yet confirmed: retried byte for byte (same saveId), so it applies at most once. */
export interface TSentSave {
  saveId: string;
  revision: number;
  answers: TAnswer[];
  submitted: boolean;
  page: number;
  /** The change counter when it was sent: changes up to it are confirmed when it succeeds. */
  seq: number;
}

/** What this device keeps of one response until the server has confirmed it (key: the randomUUID). */
export interface TPending {
  answers: TAnswer[];
  /** Question ids changed here and not yet confirmed, with the change counter of their last change. */
  dirty: [questionId: string, seq: number][];
  seq: number;
  revision: number;
  page: number;
  submit: boolean;
  sent: TSentSave | null;
}

export interface TPendingStore {
  get(key: string): Promise<TPending | undefined>;
  put(key: string, value: TPending): Promise<void>;
  delete(key: string): Promise<void>;
}

const DB_NAME = 'tieline-respondent';
const STORE = 'pending';

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/**
 * Unconfirmed answers in IndexedDB (the raw API: one object store keyed by randomUUID). Falls back to
 * memory when the browser refuses IndexedDB (some private modes), so answering still works.
 */
export function indexedDbStore(factory: IDBFactory | undefined = globalThis.indexedDB): TPendingStore {
  if (!factory) return memoryStore();
  let opened: Promise<IDBDatabase> | null = null;
  const open = () => {
    opened ??= new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    return opened;
  };
  const run = async <T>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<T>) => {
    const db = await open();
    return promised(fn(db.transaction(STORE, mode).objectStore(STORE)));
  };
  const fallback = memoryStore();
  let broken = false;
  const guard =
    <A extends unknown[], R>(fn: (...args: A) => Promise<R>, alt: (...args: A) => Promise<R>) =>
    async (...args: A) => {
      if (broken) return alt(...args);
      try {
        return await fn(...args);
      } catch {
        broken = true;
        return alt(...args);
      }
    };
  return {
    get: guard((key: string) => run('readonly', (s) => s.get(key)) as Promise<TPending | undefined>, fallback.get),
    put: guard(async (key: string, value: TPending) => {
      await run('readwrite', (s) => s.put(value, key));
    }, fallback.put),
    delete: guard(async (key: string) => {
      await run('readwrite', (s) => s.delete(key));
    }, fallback.delete),
  };
}

export function memoryStore(): TPendingStore {
  const map = new Map<string, TPending>();
  return {
    get: async (key) => structuredClone(map.get(key)),
    put: async (key, value) => void map.set(key, structuredClone(value)),
    delete: async (key) => void map.delete(key),
  };
}
