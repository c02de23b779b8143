import { describe, expect, it } from 'vitest';
import { sanitizeRichText } from '../src/html/sanitize';

// Markup that runs script, loads from elsewhere or restyles the page, in every form we know of. Nothing
// of it may survive as markup; the check looks at the output the way a browser would read it.
const XSS: string[] = [
  '<script>alert(1)</script>',
  '<SCRIPT SRC=//evil.example/x.js></SCRIPT>',
  '<img src=x onerror=alert(1)>',
  '<img src="/api/x.png" onerror="alert(1)">',
  '<img src="javascript:alert(1)">',
  '<img src="data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+">',
  '<img src="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">',
  '<img src="//evil.example/x.png">',
  '<img src="/api/../login">',
  '<img src="/api/%2e%2e/login">',
  '<img src="/api//evil.example/x.png">',
  '<img src="/api\\..\\x">',
  '<a href="javascript:alert(1)">x</a>',
  '<a href="JaVaScRiPt:alert(1)">x</a>',
  '<a href=" javascript:alert(1)">x</a>',
  '<a href="java&#x09;script:alert(1)">x</a>',
  '<a href="java&#10;script:alert(1)">x</a>',
  '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  '<a href="&#x6A;avascript&colon;alert(1)">x</a>',
  '<a href="&#14;javascript:alert(1)">x</a>',
  '<a href="vbscript:msgbox(1)">x</a>',
  '<a href="data:text/html,<script>alert(1)</script>">x</a>',
  '<a href="//evil.example">x</a>',
  '<a href="https://ok.example" onclick="alert(1)" onmouseover="alert(1)">x</a>',
  '<svg onload=alert(1)>',
  '<svg><script>alert(1)</script></svg>',
  '<svg><a xlink:href="javascript:alert(1)"><text x="0" y="20">x</text></a></svg>',
  '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
  '<form><math><mtext></form><form><mglyph><style></math><img src onerror=alert(1)>',
  '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
  '<svg></p><style><a id="</style><img src=1 onerror=alert(1)>">',
  '<listing>&lt;img onerror=alert(1) src=a&gt;</listing>',
  '<template><img src=x onerror=alert(1)></template>',
  '<textarea><img src=x onerror=alert(1)></textarea>',
  '<title><img src=x onerror=alert(1)></title>',
  '<p style="background:url(javascript:alert(1))">x</p>',
  '<div style="width: expression(alert(1))">x</div>',
  '<style>@import "https://evil.example/x.css";</style>',
  '<iframe src="https://evil.example"></iframe>',
  '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  '<object data="https://evil.example/x.swf"></object>',
  '<embed src="https://evil.example/x.swf">',
  '<base href="https://evil.example/">',
  '<meta http-equiv="refresh" content="0;url=https://evil.example">',
  '<link rel="stylesheet" href="https://evil.example/x.css">',
  '<form action="https://evil.example"><button>Go</button></form>',
  '<input autofocus onfocus=alert(1)>',
  '<details open ontoggle=alert(1)>',
  '<video><source onerror=alert(1)></video>',
  '<body onload=alert(1)>',
  '<scr<script>ipt>alert(1)</script>',
  '<<script>alert(1);//<</script>',
  '<img src=x onerror=alert(1)//>',
  '<!--<img src=x onerror=alert(1)>-->',
  '<!--><img src=x onerror=alert(1)>-->',
  '<![CDATA[<img src=x onerror=alert(1)>]]>',
  '<p><a href="https://ok.example"><a href="javascript:alert(1)">nested</a></a></p>',
  '<span dir="rtl" class="x" id="y" data-x="1" tabindex="0">x</span>',
];

/** The first tag of the output a browser would act on that is not allowed, or null. Text is inert. */
function dangerous(out: string): string | null {
  for (const [tag, name, attrs] of out.matchAll(/<\/?([a-z0-9-]+)([^>]*)>/gi)) {
    if (!/^(p|br|strong|b|em|i|u|h1|h2|h3|ul|ol|li|a|img|span)$/i.test(name!)) return tag;
    let bad = false;
    const rest = attrs!.replace(/\s([^\s=]+)="([^"]*)"/g, (_, attr: string, value: string) => {
      if (!['href', 'target', 'rel', 'src', 'alt'].includes(attr)) bad = true;
      if (attr === 'href' && !/^(https?:|mailto:|\{url\}$)/i.test(value)) bad = true;
      if (attr === 'src' && !/^(https?:|\/api\/|data:image\/(png|jpeg|gif|webp);base64,)/i.test(value)) bad = true;
      if (attr === 'src' && value.startsWith('/api/') && /\/\/|\.\.|%2e|\\/i.test(value)) bad = true;
      return '';
    });
    if (bad || rest.trim() !== '') return tag;
  }
  return null;
}

describe('sanitizeRichText on an XSS corpus', () => {
  it.each(XSS)('%s', (input) => {
    const out = sanitizeRichText(input);
    expect(dangerous(out), out).toBeNull();
    // Idempotent: stored text sanitizes to itself, so saving twice changes nothing.
    expect(sanitizeRichText(out)).toBe(out);
  });

  it('has a check that catches every entry as written (so a pass above means something)', () => {
    expect(XSS.filter((input) => dangerous(input) === null)).toEqual([]);
  });

  it('keeps the text of what it removes, escaped, and drops the content of code, styles and embedded documents', () => {
    expect(sanitizeRichText('<div onclick="x()">Hello <font color=red>there</font></div>')).toBe('Hello there');
    expect(sanitizeRichText('<p>1 &lt; 2 &amp; <b>3</b></p>')).toBe('<p>1 &lt; 2 &amp; <b>3</b></p>');
    expect(sanitizeRichText('a<script>alert(1)</script>b<svg><text>c</text></svg>d')).toBe('abcd');
    const contentless = ['script', 'style', 'template', 'iframe', 'noscript', 'noembed', 'noframes', 'xmp', 'title'];
    for (const tag of [...contentless, 'video', 'audio']) {
      expect([tag, sanitizeRichText(`a<${tag}>gone</${tag}>b`)]).toEqual([tag, 'ab']);
    }
    expect(sanitizeRichText('a<svg><script>alert(1)</script><style>*{}</style><text>c</text></svg>d')).toBe('acd');
    expect(sanitizeRichText('<listing>&lt;img onerror=alert(1) src=a&gt;</listing>')).toBe(
      '&lt;img onerror=alert(1) src=a&gt;',
    );
  });

  it('keeps the text, merge tokens included, that a refused element swallowed (the element goes, with its attributes)', () => {
    // An unclosed <svg> or <math> takes everything after it as its content: that is what the person typed.
    expect(sanitizeRichText('<svg onload=alert(1)> {fullName}')).toBe(' {fullName}');
    expect(sanitizeRichText('<p>Dear <svg onload="alert(1)">{fullName}, welcome</p>')).toBe(
      '<p>Dear {fullName}, welcome</p>',
    );
    expect(sanitizeRichText('<math><mi>x</mi></math> = {score}')).toBe('x = {score}');
    expect(
      sanitizeRichText('<p><blink onmouseover=alert(1)>{firstName}</blink> <a href=javascript:x>{url}</a></p>'),
    ).toBe('<p>{firstName} {url}</p>');
    expect(sanitizeRichText('<form><select><option>One</option></select><textarea>{note}</textarea></form>')).toBe(
      'One{note}',
    );
    expect(sanitizeRichText('<object data="x.swf">Fallback {fullName}</object>')).toBe('Fallback {fullName}');
  });

  it('refuses a link with a bad scheme by keeping only its text', () => {
    expect(sanitizeRichText('<a href="java&#x09;script:alert(1)">click</a>')).toBe('click');
  });

  it('survives absurd nesting without recursing past a bound', () => {
    const out = sanitizeRichText(`${'<b>'.repeat(50_000)}deep`);
    expect(out).toContain('deep');
    expect(out.match(/<b>/g)).toHaveLength(64);
  });
});

describe('sanitizeRichText on what the editor writes', () => {
  // The rich-text toolbar's output in its stored form: every allowed element, links and images as the
  // editor inserts them, merge tokens as text. It comes back byte for byte.
  const TOOLBAR = [
    '<h1>Welcome, {firstName}</h1>',
    '<h2>About</h2><h3>Details</h3>',
    '<p>Plain, <strong>bold</strong>, <b>b</b>, <em>italic</em>, <i>i</i>, <u>underlined</u> and <span>span</span>.</p>',
    '<ul><li>One</li><li>Two<ul><li>Nested</li></ul></li></ul><ol><li>First</li></ol>',
    '<p><a href="https://example.com/a?b=1&amp;c=2" target="_blank" rel="noopener noreferrer">a link</a></p>',
    '<p><a href="mailto:help@example.com" target="_blank" rel="noopener noreferrer">mail us</a></p>',
    '<p><a href="{url}" target="_blank" rel="noopener noreferrer">Start the survey</a></p>',
    '<p><img src="/api/base/files/0b6f.png" alt="Logo"><br></p>',
    '<p><img src="https://cdn.example.com/x.jpg" alt=""></p>',
    '<p><img src="data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=" alt="dot"></p>',
    '<p>Thank you, {fullName}.&nbsp;Your answers are saved.</p><p><br></p>',
  ];
  it.each(TOOLBAR)('%s', (html) => {
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('reduces the editor export of lexical (classes, dir, inline styles) to the stored form', () => {
    const lexical =
      '<p class="editor-paragraph" dir="ltr"><b><strong class="editor-text-bold" style="white-space: pre-wrap;">Hi</strong></b><span style="white-space: pre-wrap;"> {firstName}</span></p>';
    expect(sanitizeRichText(lexical)).toBe('<p><b><strong>Hi</strong></b><span> {firstName}</span></p>');
  });

  it('adds target and rel to every link, replacing any the input had', () => {
    expect(sanitizeRichText('<a href="https://x.example" target="_self" rel="opener">x</a>')).toBe(
      '<a href="https://x.example" target="_blank" rel="noopener noreferrer">x</a>',
    );
  });

  it('keeps merge tokens and plain text as they are', () => {
    expect(sanitizeRichText('{fullName} {firstName} {url}')).toBe('{fullName} {firstName} {url}');
    expect(sanitizeRichText('')).toBe('');
  });
});
