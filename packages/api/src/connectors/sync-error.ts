/** A failure retrying cannot fix: the message is shown on the connection as is. */
export class SyncError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'SyncError';
  }
}
