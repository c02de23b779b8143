import { describe, expect, it } from 'vitest';
import { roundTrip } from './test-editor';

describe('HTML import -> export', () => {
  it.each([
    ['paragraph', '<p>Hello</p>'],
    ['bold', '<p>Hello <strong>world</strong></p>'],
    ['italic', '<p>Hello <em>world</em></p>'],
    ['bold italic', '<p><em><strong>both</strong></em></p>'],
    ['headings', '<h1>One</h1><h2>Two</h2><h3>Three</h3>'],
    ['bullet list', '<ul><li>a</li><li>b</li></ul>'],
    ['ordered list', '<ol><li>first</li><li>second</li></ol>'],
    ['nested list', '<ul><li>a<ul><li>a.1</li></ul></li><li>b</li></ul>'],
    ['link', '<p>See <a href="https://example.com/a?b=1&amp;c=2">the site</a>.</p>'],
    ['image', '<p>Logo <img src="https://example.com/logo.png" alt="Logo"> here</p>'],
    ['image alone', '<p><img src="https://example.com/a.png" alt=""></p><p>text</p>'],
    ['line break', '<p>first<br>second</p>'],
    ['empty paragraph between', '<p>a</p><p><br></p><p>b</p>'],
    ['merge tokens', '<p>Dear {fullName}, hi {firstName}!</p>'],
    ['merge token in a link', '<p><a href="https://example.com/?u={firstName}">{fullName}</a></p>'],
    ['merge token in a heading and list', '<h2>{firstName}</h2><ul><li>{fullName}</li></ul>'],
  ])('%s survives unchanged', (_kind, html) => {
    expect(roundTrip(html)).toBe(html);
  });

  it('exports an empty document as an empty string', () => {
    expect(roundTrip('')).toBe('');
    expect(roundTrip('<p></p>')).toBe('');
  });

  it('wraps loose text in a paragraph and ignores source whitespace around images', () => {
    expect(roundTrip('Hi {firstName}')).toBe('<p>Hi {firstName}</p>');
    expect(roundTrip('<p>\n  <img src="https://e.com/a.png" alt="">\n</p>')).toBe(
      '<p><img src="https://e.com/a.png" alt=""></p>',
    );
  });

  it('turns h4 to h6 into h3 and drops marks the output has no tag for', () => {
    expect(roundTrip('<h4>four</h4><h6>six</h6>')).toBe('<h3>four</h3><h3>six</h3>');
    expect(roundTrip('<p><code>x</code> <u>y</u> <s>z</s> <sup>2</sup></p>')).toBe('<p>x y z 2</p>');
  });

  it('maps b and i to strong and em', () => {
    expect(roundTrip('<p><b>bold</b> and <i>italic</i></p>')).toBe('<p><strong>bold</strong> and <em>italic</em></p>');
  });

  it('keeps the text of unknown markup', () => {
    const html =
      '<div class="x"><section>Intro {fullName}</section><table><tr><td>Cell</td></tr></table>' +
      '<blockquote>Quote</blockquote><u>under</u> <font color="red">red</font> <s>gone</s></div><h5>Small</h5>';
    const out = roundTrip(html);
    for (const text of ['Intro {fullName}', 'Cell', 'Quote', 'under', 'red', 'gone', 'Small']) {
      expect(out).toContain(text);
    }
    expect(out).not.toMatch(/<(div|section|table|td|blockquote|u|font|s|h5)\b/);
  });

  it('writes no class, style or dir attributes even when the input has them', () => {
    const out = roundTrip(
      '<p dir="rtl" class="a" style="text-align:center"><span style="color:red" class="b">x</span> ' +
        '<strong style="font-size:20px">y</strong> <a href="https://e.com" target="_blank" rel="noopener" class="c">z</a></p>' +
        '<ol start="3"><li value="3" class="d">item</li></ol><h1 style="color:blue">t</h1>',
    );
    expect(out).not.toMatch(/\s(class|style|dir|target|rel|value|start)=/);
    expect(out).toBe('<p>x <strong>y</strong> <a href="https://e.com">z</a></p><ol><li>item</li></ol><h1>t</h1>');
  });
});
