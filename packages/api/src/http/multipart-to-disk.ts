import { randomUUID } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { chmod, mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { Request } from 'express';
import { formParser, type MultipartLimits, type MultipartProblem, watchForm } from './multipart';

// The streaming sibling of multipart.ts, for uploads too large to hold in memory (a Slack export of
// gigabytes): the one file part is written to a new file under `dir` as it arrives, never buffered
// whole. Same limits and refusals; the file is removed whenever the form is refused. What is uploaded
// this way is private (a Slack export holds every message's text): the file is the server user's
// alone (0600) in a directory that is too (0700), whatever the umask or an earlier version made.

/** Modes of what uploads write: readable by the server's user only. */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

export interface FileOnDisk {
  /** Where the part was written (a server-chosen name; never the client's file name). */
  path: string;
  size: number;
}

export interface MultipartToDisk {
  fields: Record<string, string>;
  file: FileOnDisk | null;
}

const CLAIMED_SLACK = 1.01;

/**
 * Reads a multipart/form-data body, writing its one file to `dir`. The caller owns the file once this
 * resolves (and must delete it when done); on refusal nothing is left behind.
 */
export async function readMultipartToDisk(
  req: Request,
  limits: Omit<MultipartLimits, 'fileField' | 'wrongFileField'> & { fileField: string; dir: string },
): Promise<MultipartToDisk> {
  const claimed = Number(req.headers['content-length'] ?? 0);
  // A body announcing more than the file limit plus room for the fields is refused unread.
  if (claimed > limits.maxFileBytes * CLAIMED_SLACK + 64 * 1024) throw limits.refuse('tooLarge');
  await mkdir(limits.dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await chmod(limits.dir, PRIVATE_DIR_MODE);
  const path = join(limits.dir, `${randomUUID()}.part`);
  return new Promise((resolve, reject) => {
    const bb = formParser(req, limits);
    if (!bb) return reject(limits.refuse('malformed'));
    let writing: Promise<number> | null = null;
    let out: WriteStream | null = null;
    let settled = false;
    const refuse = async (p: MultipartProblem) => {
      if (settled) return;
      settled = true;
      // A client gone mid-file leaves the part unfinished: stop writing it rather than wait for it.
      out?.destroy();
      await writing?.catch(() => {});
      await rm(path, { force: true });
      reject(limits.refuse(p));
    };
    const form = watchForm(req, bb, limits.fields, (problem) => void refuse(problem));

    bb.on('file', (name, stream) => {
      if (name !== limits.fileField || writing) {
        form.fail(writing ? 'tooManyFiles' : 'malformed');
        stream.resume();
        return;
      }
      stream.on('limit', () => form.fail('tooLarge'));
      const file = createWriteStream(path, { mode: PRIVATE_FILE_MODE, flags: 'wx' });
      out = file;
      writing = pipeline(stream, file).then(() => file.bytesWritten);
      // Failures are reported when the form ends (refuse); this only keeps them from going unhandled.
      writing.catch(() => form.fail('malformed'));
    });
    bb.on('close', async () => {
      if (form.problem) return void refuse(form.problem);
      let size: number | null = null;
      try {
        size = writing ? await writing : null;
      } catch {
        return void refuse('malformed');
      }
      if (form.problem) return void refuse(form.problem);
      settled = true;
      resolve({ fields: form.fields, file: size === null ? null : { path, size } });
    });
    req.once('close', () => {
      if (!req.complete) void refuse('malformed');
    });
    req.pipe(bb);
  });
}
