import type { Response } from 'express';
import { type Download, XLSX_CONTENT_TYPE } from '../xlsx/write';

// Characters no file system or Content-Disposition header takes; the title is what the user typed.
// biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are among them
const UNSAFE_FILE_NAME = /[\u0000-\u001f\u007f/\\:*?"<>|]/g;

/** An xlsx attachment named after what it holds (see sendFile). */
export function sendDownload(res: Response, download: Download, cacheControl: string) {
  sendFile(res, { ...download, contentType: XLSX_CONTENT_TYPE }, cacheControl);
}

/** An attachment named after what it holds, in ASCII for old clients and UTF-8 (RFC 6266) for the rest. */
export function sendFile(
  res: Response,
  file: { fileName: string; bytes: Buffer; contentType: string },
  cacheControl: string,
) {
  const name =
    file.fileName.replace(UNSAFE_FILE_NAME, '').trim() ||
    (file.contentType === XLSX_CONTENT_TYPE ? 'Export.xlsx' : 'Export');
  const ascii = name.replace(/[^\x20-\x7e]/g, '_').replace(/[%']/g, '_');
  res.setHeader('Content-Type', file.contentType);
  res.setHeader('Content-Disposition', `attachment; filename="${ascii}"; filename*=UTF-8''${encodeRFC5987(name)}`);
  res.setHeader('Cache-Control', cacheControl);
  res.send(file.bytes);
}

const encodeRFC5987 = (s: string) =>
  encodeURIComponent(s).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
