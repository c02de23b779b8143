import type { TNetworkData } from '@tieline/graph';
import {
  NETWORK_UPLOAD_MSG as M,
  NETWORK_FILE_TYPES,
  NETWORK_LIMITS,
  type TNetworkFileType,
} from '@tieline/validation';
import { buildNetwork, type TBuildNotes, type TRawNetwork } from './build';
import { readExcel } from './read-excel';
import { readGexf } from './read-gexf';
import { readGraphml } from './read-graphml';
import { readJson } from './read-json';
import { refusal } from './upload-error';

// Network files in and out (docs/networks.md, "Upload formats"). Reading is synchronous and bounded by
// NETWORK_LIMITS; every problem of a file is reported in one networkRefusal.

export type { TBuildNotes } from './build';
export { networkRefusal } from './upload-error';

const READERS: Record<TNetworkFileType, (bytes: Buffer) => TRawNetwork> = {
  excel: readExcel,
  gexf: readGexf,
  graphml: readGraphml,
  json: readJson,
};

const isFileType = (t: string): t is TNetworkFileType => (NETWORK_FILE_TYPES as readonly string[]).includes(t);

/**
 * The network in an uploaded file, or a networkRefusal listing every problem with its place. `notes`
 * collects what the upload's answer tells besides (people only the edges named).
 */
export function parseNetworkFile(
  bytes: Uint8Array,
  fileType: string,
  directed: boolean,
  notes?: TBuildNotes,
): TNetworkData {
  if (!isFileType(fileType)) throw refusal('format', M.unknownFileType);
  if (bytes.length === 0) throw refusal('format', M.fileEmpty);
  if (bytes.length > NETWORK_LIMITS.maxFileBytes) throw refusal('size', M.fileTooLarge);
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  return buildNetwork(READERS[fileType](buffer), directed, notes);
}

export { networkTemplate } from './templates';
export { type TNetworkFile, writeNetwork } from './write';
