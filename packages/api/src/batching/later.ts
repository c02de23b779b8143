/**
 * A promise and the functions that settle it (Promise.withResolvers, which Node 20 lacks). A rejection
 * nobody awaits yet is not an unhandled one: the caller awaits it later, or not at all.
 */
export function later<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  promise.catch(() => undefined);
  return { promise, resolve, reject };
}
