import { defaultTreeAdapter, html, parseFragment, serialize, type DefaultTreeAdapterTypes as T } from 'parse5';

// The one allowlist for rich text (welcome and completion messages, question text, email bodies),
// applied on the server before anything is stored. parse5 parses as the HTML standard says, so the tree
// walked here is the tree a browser builds from the same string (no parser differential to smuggle
// markup through), and its serializer writes what a browser's innerHTML would: sanitizing is
// idempotent, and the rich-text editor's own output comes back byte for byte.

const KEEP = new Set('p br strong b em i u h1 h2 h3 ul ol li a img span'.split(' '));

/**
 * Removed with everything inside, because what is inside is not text a person typed: code, styles,
 * embedded documents, raw text and media fallbacks. Every other refused element is unwrapped and its
 * text kept, as DOMPurify's KEEP_CONTENT does with this list (its FORBID_CONTENTS) for HTML elements.
 * DOMPurify also drops SVG and MathML content, which it would otherwise keep as foreign markup for the
 * browser to re-parse; here foreign elements are never kept, only their text, and an unclosed `<svg` or
 * `<math` swallows all that follows it (`<svg onload=...> Dear {fullName}`), so that text stays.
 */
const DROP_CONTENT = new Set([
  ...'script style template iframe noscript noembed noframes xmp plaintext title head'.split(' '),
  ...'audio video colgroup thead selectedcontent'.split(' '),
]);

/** Deeper elements are unwrapped, so neither this walk's output nor the serializer can recurse without bound. */
const MAX_DEPTH = 64;

/** Merge tokens a link may point at; replaced with the personal link when mail is sent. */
const LINK_TOKENS = new Set(['{url}']);

// What a browser does to a URL attribute before using it: strip leading and trailing C0 controls and
// spaces, remove tabs and newlines anywhere. Checking the scheme on anything else lets
// "java&#x09;script:" through.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching control characters is the point
const EDGES = /^[\u0000-\u0020]+|[\u0000-\u0020]+$/g;
const TABS_AND_NEWLINES = /[\t\n\r]/g;
const browserUrl = (value: string) => value.replace(EDGES, '').replace(TABS_AND_NEWLINES, '');

const LINK = /^(?:https?|mailto):/i;
const IMAGE_DATA = /^data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/]+={0,2}$/i;

/** Our own files: a path under /api/ with no empty, "." or ".." segment (plain or %-encoded) to leave it. */
function isApiPath(url: string): boolean {
  if (!url.startsWith('/api/') || url.includes('\\')) return false;
  const segments = url.split(/[?#]/)[0]!.split('/').slice(1);
  return segments.every((s) => s !== '' && !/^(?:\.|%2e){1,2}$/i.test(s));
}

function safeHref(value: string): string | null {
  const url = browserUrl(value);
  return LINK.test(url) || LINK_TOKENS.has(url) ? url : null;
}

function safeImageSrc(value: string): string | null {
  const url = browserUrl(value);
  return /^https?:/i.test(url) || isApiPath(url) || IMAGE_DATA.test(url) ? url : null;
}

const attr = (el: T.Element, name: string) => el.attrs.find((a) => a.name === name && !a.namespace)?.value;

/**
 * The element as kept (attributes replaced by the allowed ones), or null to unwrap it: keep its
 * children, lose the tag. An image without an acceptable source is dropped outright.
 */
function keep(el: T.Element): T.Element | 'drop' | null {
  if (!KEEP.has(el.tagName)) return null;
  if (el.tagName === 'a') {
    const href = safeHref(attr(el, 'href') ?? '');
    if (href === null) return null;
    el.attrs = [
      { name: 'href', value: href },
      { name: 'target', value: '_blank' },
      { name: 'rel', value: 'noopener noreferrer' },
    ];
  } else if (el.tagName === 'img') {
    const src = safeImageSrc(attr(el, 'src') ?? '');
    if (src === null) return 'drop';
    const alt = attr(el, 'alt');
    el.attrs = [{ name: 'src', value: src }, ...(alt === undefined ? [] : [{ name: 'alt', value: alt }])];
  } else {
    el.attrs = [];
  }
  return el;
}

const isElement = (node: T.ChildNode): node is T.Element => 'tagName' in node;

/** Allowlisted HTML: the tags and attributes above and text; everything else is unwrapped or removed. */
export function sanitizeRichText(input: string): string {
  // Parsed as the content of a <div>, as the apps insert it.
  const context = defaultTreeAdapter.createElement('div', html.NS.HTML, []);
  const root = parseFragment(context, input, {});
  // Each job rebuilds one parent's children; `pending` is reversed so pop() takes them in order, and an
  // unwrapped element's children are pushed back to be taken next, in its place.
  const jobs = [{ pending: root.childNodes.slice().reverse(), to: root as T.ParentNode, depth: 0 }];
  root.childNodes = [];
  while (jobs.length > 0) {
    const job = jobs.pop()!;
    while (job.pending.length > 0) {
      const node = job.pending.pop()!;
      if (defaultTreeAdapter.isTextNode(node)) {
        defaultTreeAdapter.appendChild(job.to, node);
        continue;
      }
      if (!isElement(node) || DROP_CONTENT.has(node.tagName)) continue;
      const children = node.childNodes;
      // SVG and MathML elements are only ever unwrapped: an SVG <a> or <img> is not the HTML one.
      const kept = job.depth < MAX_DEPTH && node.namespaceURI === html.NS.HTML ? keep(node) : null;
      if (kept === 'drop') continue;
      if (kept) {
        kept.childNodes = [];
        defaultTreeAdapter.appendChild(job.to, kept);
        jobs.push({ pending: children.slice().reverse(), to: kept, depth: job.depth + 1 });
      } else {
        job.pending.push(...children.slice().reverse());
      }
    }
  }
  return serialize(root);
}
