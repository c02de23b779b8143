import { $getRoot } from 'lexical';
import { describe, expect, it } from 'vitest';
import {
  $clearFormatting,
  $insertImage,
  $insertLineBreak,
  $insertLink,
  $readFormatState,
  $removeLink,
  $toggleHeading,
  $toggleList,
  $toggleMark,
} from './commands';
import { $selectText, headlessEditor, run } from './test-editor';

// The toolbar's command functions on an editor without a DOM (no browser selection involved).
describe('toolbar commands', () => {
  it('bold and italic wrap the selection and toggle off again', () => {
    const editor = headlessEditor('<p>Hello world</p>');
    expect(
      run(editor, () => {
        $selectText('world');
        $toggleMark('bold');
      }),
    ).toBe('<p>Hello <strong>world</strong></p>');
    expect(
      run(editor, () => {
        $selectText('world');
        $toggleMark('italic');
      }),
    ).toBe('<p>Hello <em><strong>world</strong></em></p>');
    expect(
      run(editor, () => {
        $selectText('world');
        $toggleMark('bold');
      }),
    ).toBe('<p>Hello <em>world</em></p>');
  });

  it.each(['h1', 'h2', 'h3'] as const)('%s turns the block into that heading and back', (tag) => {
    const editor = headlessEditor('<p>Title</p><p>Body</p>');
    expect(
      run(editor, () => {
        $selectText('Title');
        $toggleHeading(tag);
      }),
    ).toBe(`<${tag}>Title</${tag}><p>Body</p>`);
    expect(editor.read($readFormatState).block).toBe(tag);
    expect(
      run(editor, () => {
        $selectText('Title');
        $toggleHeading(tag);
      }),
    ).toBe('<p>Title</p><p>Body</p>');
  });

  it('lists wrap the selected paragraphs, switch kind, and unwrap', () => {
    const editor = headlessEditor('<p>one</p><p>two</p><p>after</p>');
    expect(
      run(editor, () => {
        $selectText('one', 'two');
        $toggleList('bullet');
      }),
    ).toBe('<ul><li>one</li><li>two</li></ul><p>after</p>');
    expect(
      run(editor, () => {
        $selectText('one', 'two');
        $toggleList('number');
      }),
    ).toBe('<ol><li>one</li><li>two</li></ol><p>after</p>');
    expect(editor.read($readFormatState).block).toBe('number');
    expect(
      run(editor, () => {
        $selectText('one', 'two');
        $toggleList('number');
      }),
    ).toBe('<p>one</p><p>two</p><p>after</p>');
  });

  it('a link wraps the selected text; with a caret the URL becomes the link text', () => {
    const editor = headlessEditor('<p>Visit us</p>');
    expect(
      run(editor, () => {
        $selectText('us');
        $insertLink('https://example.com');
      }),
    ).toBe('<p>Visit <a href="https://example.com">us</a></p>');
    expect(editor.read($readFormatState).link).toBe(true);
    const caret = headlessEditor('<p>Go: now</p>');
    const html = run(caret, () => {
      $getRoot().getAllTextNodes()[0]!.select(4, 4);
      $insertLink('https://e.com/{firstName}');
    });
    expect(html).toBe('<p>Go: <a href="https://e.com/{firstName}">https://e.com/{firstName}</a>now</p>');
  });

  it('removing a link from a caret inside it keeps the text', () => {
    const editor = headlessEditor('<p>Visit <a href="https://example.com">our site</a> today</p>');
    const html = run(editor, () => {
      const text = $getRoot().getAllTextNodes()[1]!;
      text.select(2, 2);
      $removeLink();
    });
    expect(html).toBe('<p>Visit our site today</p>');
    expect(editor.read($readFormatState).link).toBe(false);
  });

  it('removing a link from part of its text removes the whole link', () => {
    const editor = headlessEditor('<p><a href="https://a.com">one</a> and <a href="https://b.com">two words</a></p>');
    expect(
      run(editor, () => {
        $selectText('words');
        $removeLink();
      }),
    ).toBe('<p><a href="https://a.com">one</a> and two words</p>');
  });

  it('an image goes in at the caret', () => {
    const editor = headlessEditor('<p>Logo here</p>');
    const html = run(editor, () => {
      $getRoot().getAllTextNodes()[0]!.select(5, 5);
      $insertImage('https://example.com/logo.png');
    });
    expect(html).toBe('<p>Logo <img src="https://example.com/logo.png" alt="">here</p>');
  });

  it('line break inserts a <br> at the caret', () => {
    const editor = headlessEditor('<p>firstsecond</p>');
    const html = run(editor, () => {
      $getRoot().getAllTextNodes()[0]!.select(5, 5);
      $insertLineBreak();
    });
    expect(html).toBe('<p>first<br>second</p>');
  });

  it('clear formatting removes marks, links, headings and lists in the selection only', () => {
    const editor = headlessEditor(
      '<h1>Big <strong>bold</strong></h1><ul><li><em>item</em> <a href="https://e.com">link</a></li></ul>' +
        '<p><strong>untouched</strong></p>',
    );
    expect(
      run(editor, () => {
        $selectText('Big', 'link');
        $clearFormatting();
      }),
    ).toBe('<p>Big bold</p><p>item link</p><p><strong>untouched</strong></p>');
  });

  it('clear formatting on part of a bold word keeps the rest bold', () => {
    const editor = headlessEditor('<p><strong>abcdef</strong></p>');
    expect(
      run(editor, () => {
        $selectText('cd');
        $clearFormatting();
      }),
    ).toBe('<p><strong>ab</strong>cd<strong>ef</strong></p>');
  });

  it('commands pressed before the editor had a caret act at the end of the document', () => {
    const editor = headlessEditor('<p>one</p><p>two</p>');
    expect(run(editor, () => $toggleHeading('h2'))).toBe('<p>one</p><h2>two</h2>');
  });

  it('the toolbar state follows the caret', () => {
    const editor = headlessEditor('<h2><strong>Head</strong></h2><ul><li><em>item</em></li></ul>');
    editor.update(() => $selectText('Head'), { discrete: true });
    expect(editor.read($readFormatState)).toEqual({ bold: true, italic: false, block: 'h2', link: false });
    editor.update(() => $selectText('item'), { discrete: true });
    expect(editor.read($readFormatState)).toEqual({ bold: false, italic: true, block: 'bullet', link: false });
  });
});

describe('editor rules', () => {
  it('ignores marks the output cannot hold (underline, strikethrough, code)', () => {
    const editor = headlessEditor('<p>plain</p>');
    expect(
      run(editor, () => {
        $selectText('plain');
        $getRoot().getAllTextNodes()[0]!.toggleFormat('underline');
      }),
    ).toBe('<p>plain</p>');
  });
});
