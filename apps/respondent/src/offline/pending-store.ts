import type { TAnswer } from '@tieline/validation';
import type { TConflict } from './merge';

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
  /** The server's answers at `revision`: the common base of a three-way merge (absent in older records). */
  base?: TAnswer[];
  /** Questions also answered on another device that the respondent has not looked at yet. */
  conflicts?: TConflict[];
}

/** Where the respondent is on this device, and the revision this device knew then (key: the randomUUID). */
export interface TPosition {
  page: number;
  revision: number;
}

export interface TStore<T> {
  get(key: string): Promise<T | undefined>;
  put(key: string, value: T): Promise<void>;
  delete(key: string): Promise<void>;
}
export type TPendingStore = TStore<TPending>;

const DB_NAME = 'tieline-respondent';
const STORE = 'pending';
const opened = new WeakMap<IDBFactory, Promise<IDBDatabase>>();

/** One connection per page (the answers and the positions share it). */
function openDb(factory: IDBFactory): Promise<IDBDatabase> {
  let db = opened.get(factory);
  if (!db) {
    db = new Promise<IDBDatabase>((resolve, reject) => {
      const request = factory.open(DB_NAME, 1);
      request.onupgradeneeded = () => request.result.createObjectStore(STORE);
      request.onsuccess = () => resolve(request.result);
      request.onerror = () => reject(request.error);
    });
    opened.set(factory, db);
  }
  return db;
}

function promised<T>(request: IDBRequest<T>): Promise<T> {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Unconfirmed answers in IndexedDB, keyed by randomUUID. */
export const indexedDbStore = (factory?: IDBFactory) => idbStore<TPending>('', factory);
/**
 * The page each response was last on, on this device, kept after its answers are confirmed: in the same
 * object store under `position:{randomUUID}` (a second store would need a version change, which an
 * older page still open in another tab can block).
 */
export const positionStore = (factory?: IDBFactory) => idbStore<TPosition>('position:', factory);

/**
 * Records of the one object store of IndexedDB (the raw API) whose keys start with `prefix`. Falls back
 * to memory when the browser refuses IndexedDB (some private modes), so answering still works.
 */
function idbStore<T>(prefix: string, factory: IDBFactory | undefined = globalThis.indexedDB): TStore<T> {
  if (!factory) return memoryStore<T>();
  const run = async <R>(mode: IDBTransactionMode, fn: (store: IDBObjectStore) => IDBRequest<R>) => {
    const db = await openDb(factory);
    return promised(fn(db.transaction(STORE, mode).objectStore(STORE)));
  };
  const fallback = memoryStore<T>();
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
    get: guard((key: string) => run('readonly', (s) => s.get(prefix + key)) as Promise<T | undefined>, fallback.get),
    put: guard(async (key: string, value: T) => {
      await run('readwrite', (s) => s.put(value, prefix + key));
    }, fallback.put),
    delete: guard(async (key: string) => {
      await run('readwrite', (s) => s.delete(prefix + key));
    }, fallback.delete),
  };
}

export function memoryStore<T = TPending>(): TStore<T> {
  const map = new Map<string, T>();
  return {
    get: async (key) => structuredClone(map.get(key)),
    put: async (key, value) => void map.set(key, structuredClone(value)),
    delete: async (key) => void map.delete(key),
  };
}
