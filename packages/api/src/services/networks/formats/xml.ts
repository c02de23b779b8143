import { NETWORK_UPLOAD_MSG as M, NETWORK_LIMITS, type TNetworkFileType } from '@tieline/validation';
import { SaxesParser } from 'saxes';
import { refusal } from './upload-error';

// XML (GEXF, GraphML) is read with saxes, a streaming non-validating parser: it never loads a DTD or
// anything else from outside, and it never expands entities besides the five of XML itself and
// character references, so "billion laughs" and external entities cannot happen. A DOCTYPE declaring
// entities is refused outright with its own message (a file relying on them would be misread
// otherwise). Being a SAX parser it holds no tree: memory is the output network, and text nodes are
// kept to the value limit (one character more, so the length rule still sees them).

/** Our own marks (an attribute's exact type) in exported files, so a round trip keeps category and date. */
export const TIELINE_NS = 'https://tieline.app/ns/network';

export interface TXmlElement {
  /** Local name, namespace ignored: GEXF 1.2/1.3 and GraphML files with or without one are read alike. */
  name: string;
  /** Attributes without a prefix, by name (xmlns declarations included). */
  attrs: Record<string, string>;
  /** Attributes in TIELINE_NS, by local name. */
  marks: Record<string, string>;
  line: number;
  /** A prefix is bound to TIELINE_NS (on this element or an ancestor seen so far): one of our exports. */
  tieline: boolean;
}

export interface TXmlHandlers {
  /** An element whose text is kept to LONG_TEXT_KEPT characters (GEXF's description of our types). */
  longText?: string;
  open(element: TXmlElement): void;
  /** The element's own text (direct text and CDATA, not its children's), cut to the value limit. */
  close(name: string, text: string): void;
}

const TEXT_KEPT = NETWORK_LIMITS.maxValueLength + 1;
const LONG_TEXT_KEPT = 100_000;
const CHUNK = 1 << 20;

function decode(bytes: Buffer, type: TNetworkFileType): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2));
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2));
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    // Text that starts like XML is in another encoding; anything else (a workbook, an image) is not XML.
    throw refusal('format', /^\s*</.test(bytes.subarray(0, 64).toString('latin1')) ? M.xmlEncoding : M.notFormat(type));
  }
}

const localName = (name: string) => name.slice(name.indexOf(':') + 1);

export function walkXml(bytes: Buffer, type: TNetworkFileType, handlers: TXmlHandlers): void {
  const xml = decode(bytes, type);
  if (!xml.trimStart().startsWith('<')) throw refusal('format', M.notFormat(type));
  // Namespaces are resolved here, not by saxes: its resolution is quadratic in depth and doubles the
  // parse time. Element names are taken without prefix; a prefix bound to TIELINE_NS anywhere marks our
  // attributes (the exports bind it once, on the root).
  const parser = new SaxesParser({ position: true });
  const ours = new Set<string>();
  let text = '';
  let kept = TEXT_KEPT;
  const addText = (t: string) => {
    if (text.length < kept) text += t.slice(0, kept - text.length);
  };
  parser.on('error', (error) => {
    throw refusal('format', M.notFormatDetail(type, error.message), { line: parser.line });
  });
  parser.on('doctype', (doctype) => {
    if (/<!ENTITY/i.test(doctype)) throw refusal('format', M.xmlEntities, { line: parser.line });
  });
  let depth = 0;
  parser.on('opentagstart', () => {
    depth += 1;
    if (depth > NETWORK_LIMITS.maxXmlDepth) throw refusal('format', M.xmlTooDeep, { line: parser.line });
  });
  parser.on('text', addText);
  parser.on('cdata', addText);
  // Each open element's own text: a parent's text goes on after a child closes (yEd's
  // <y:NodeLabel>Ann<y:LabelModel/></y:NodeLabel> is 'Ann').
  const outer: { text: string; kept: number }[] = [];
  parser.on('opentag', (tag) => {
    outer.push({ text, kept });
    text = '';
    kept = localName(tag.name) === handlers.longText ? LONG_TEXT_KEPT : TEXT_KEPT;
    const attrs: Record<string, string> = Object.create(null);
    const marks: Record<string, string> = Object.create(null);
    for (const [name, value] of Object.entries(tag.attributes)) {
      const colon = name.indexOf(':');
      if (colon < 0) attrs[name] = value;
      else if (name.startsWith('xmlns:')) {
        if (value === TIELINE_NS) ours.add(name.slice(6));
      } else if (ours.has(name.slice(0, colon))) marks[name.slice(colon + 1)] = value;
    }
    handlers.open({ name: localName(tag.name), attrs, marks, line: parser.line, tieline: ours.size > 0 });
  });
  parser.on('closetag', (tag) => {
    depth -= 1;
    handlers.close(localName(tag.name), text);
    ({ text, kept } = outer.pop() ?? { text: '', kept: TEXT_KEPT });
  });
  // Fed in pieces: saxes slows down on one write of tens of megabytes.
  for (let at = 0; at < xml.length; at += CHUNK) parser.write(xml.slice(at, at + CHUNK));
  parser.close();
}
