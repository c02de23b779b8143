import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { $getRoot, getNearestEditorFromDOMNode, type LexicalEditor } from 'lexical';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RichTextEditor } from './rich-text-editor';
import { $caretAt, $selectText } from './test-editor';

afterEach(cleanup);

function setup(value: string, props: { placeholder?: string; disabled?: boolean; label?: string } = {}) {
  const onChange = vi.fn<(html: string) => void>();
  render(<RichTextEditor value={value} onChange={onChange} aria-label="Welcome message" {...props} />);
  const textbox = screen.getByRole('textbox', { name: props.label ?? 'Welcome message' });
  const editor = getNearestEditorFromDOMNode(textbox) as LexicalEditor;
  const lastHtml = () => onChange.mock.lastCall?.[0];
  return { onChange, textbox, editor, lastHtml };
}

const button = (name: string) => screen.getByRole('button', { name });

/** Puts a (programmatic) selection in the editor, the way a user's drag would. */
async function select(editor: LexicalEditor, text: string, endText?: string) {
  await act(async () => editor.update(() => $selectText(text, endText), { discrete: true }));
}

async function click(name: string) {
  await act(async () => fireEvent.click(button(name)));
}

describe('RichTextEditor toolbar', () => {
  it('is one labeled toolbar with a named button for every action and a single tab stop', () => {
    setup('<p>Hi</p>');
    const toolbar = screen.getByRole('toolbar', { name: 'Formatting' });
    const names = within(toolbar)
      .getAllByRole('button')
      .map((b) => b.getAttribute('aria-label'));
    expect(names).toEqual([
      'Bold',
      'Italic',
      'Heading 1',
      'Heading 2',
      'Heading 3',
      'Bullet list',
      'Ordered list',
      'Insert image',
      'Insert link',
      'Line break',
      'Clear formatting',
      'Revert all edits',
    ]);
    expect(
      within(toolbar)
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0),
    ).toEqual([button('Bold')]);
    expect(button('Bold').getAttribute('aria-pressed')).toBe('false');
  });

  it.each([
    ['Bold', 'world', '<p>Hello <strong>world</strong></p>'],
    ['Italic', 'world', '<p>Hello <em>world</em></p>'],
    ['Heading 1', 'world', '<h1>Hello world</h1>'],
    ['Heading 2', 'world', '<h2>Hello world</h2>'],
    ['Heading 3', 'world', '<h3>Hello world</h3>'],
    ['Bullet list', 'world', '<ul><li>Hello world</li></ul>'],
    ['Ordered list', 'world', '<ol><li>Hello world</li></ol>'],
  ])('%s produces the expected HTML and shows as pressed', async (name, text, expected) => {
    const { editor, lastHtml } = setup('<p>Hello world</p>');
    await select(editor, text);
    await click(name);
    await waitFor(() => expect(lastHtml()).toBe(expected));
    expect(button(name).getAttribute('aria-pressed')).toBe('true');
  });

  it('Ctrl+B and Ctrl+I work from the keyboard (lexical defaults)', async () => {
    const { editor, textbox, lastHtml } = setup('<p>Hello world</p>');
    await select(editor, 'world');
    await act(async () => fireEvent.keyDown(textbox, { key: 'b', code: 'KeyB', ctrlKey: true }));
    await act(async () => fireEvent.keyDown(textbox, { key: 'i', code: 'KeyI', ctrlKey: true }));
    await waitFor(() => expect(lastHtml()).toBe('<p>Hello <em><strong>world</strong></em></p>'));
  });

  it('Line break inserts a <br> at the caret', async () => {
    const { editor, lastHtml } = setup('<p>firstsecond</p>');
    await act(async () => editor.update(() => $caretAt('firstsecond', 5), { discrete: true }));
    await click('Line break');
    await waitFor(() => expect(lastHtml()).toBe('<p>first<br>second</p>'));
  });

  it('Clear formatting removes marks and block structure in the selection', async () => {
    const { editor, lastHtml } = setup('<h2><strong>Title</strong></h2><ul><li><em>item</em></li></ul>');
    await select(editor, 'Title', 'item');
    await click('Clear formatting');
    await waitFor(() => expect(lastHtml()).toBe('<p>Title</p><p>item</p>'));
  });

  it('exported HTML carries no class, style or dir attributes after editing', async () => {
    const { editor, onChange } = setup('<p>Hello world</p><p>more</p>');
    await select(editor, 'Hello');
    await click('Bold');
    await click('Heading 2');
    await select(editor, 'more');
    await click('Italic');
    await click('Bullet list');
    await waitFor(() => expect(onChange).toHaveBeenCalledTimes(4));
    for (const [html] of onChange.mock.calls) expect(html).not.toMatch(/\s(class|style|dir)=/);
  });
});

describe('RichTextEditor link and image dialogs', () => {
  it('Insert link opens Add Link; the URL wraps the selection; the button then removes the link', async () => {
    const { editor, lastHtml } = setup('<p>Visit our site</p>');
    await select(editor, 'our site');
    await click('Insert link');
    const dialog = screen.getByRole('dialog', { name: 'Add Link' });
    fireEvent.change(within(dialog).getByLabelText('Link URL'), { target: { value: ' https://example.com ' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Add Link' })));
    await waitFor(() => expect(lastHtml()).toBe('<p>Visit <a href="https://example.com">our site</a></p>'));
    expect(screen.queryByRole('dialog')).toBeNull();

    await select(editor, 'site');
    await click('Remove link');
    await waitFor(() => expect(lastHtml()).toBe('<p>Visit our site</p>'));
    expect(button('Insert link')).toBeTruthy();
  });

  it('Add Image inserts an <img> at the caret', async () => {
    const { editor, lastHtml } = setup('<p>Logo here</p>');
    await act(async () => editor.update(() => $caretAt('Logo here', 5), { discrete: true }));
    await click('Insert image');
    const dialog = screen.getByRole('dialog', { name: 'Add Image' });
    fireEvent.change(within(dialog).getByLabelText('Image URL'), { target: { value: 'https://example.com/a.png' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: 'Add Image' })));
    await waitFor(() => expect(lastHtml()).toBe('<p>Logo <img src="https://example.com/a.png" alt="">here</p>'));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it.each([
    ['Insert image', 'Add Image', 'Image URL'],
    ['Insert link', 'Add Link', 'Link URL'],
  ])('%s: an empty URL does nothing and the dialog stays open', async (trigger, title, field) => {
    const { editor, onChange } = setup('<p>text</p>');
    await select(editor, 'text');
    await click(trigger);
    const dialog = screen.getByRole('dialog', { name: title });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: title })));
    fireEvent.change(within(dialog).getByLabelText(field), { target: { value: '   ' } });
    await act(async () => fireEvent.click(within(dialog).getByRole('button', { name: title })));
    expect(screen.getByRole('dialog', { name: title })).toBeTruthy();
    expect(onChange).not.toHaveBeenCalled();
  });

  it('Cancel closes the dialog and clears the typed URL', async () => {
    setup('<p>text</p>');
    await click('Insert image');
    fireEvent.change(screen.getByLabelText('Image URL'), { target: { value: 'https://typed.example' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    expect(screen.queryByRole('dialog')).toBeNull();
    await click('Insert image');
    expect((screen.getByLabelText('Image URL') as HTMLInputElement).value).toBe('');
  });

  it('is persistent: a click outside does not close it; Escape does (like Cancel)', async () => {
    setup('<p>text</p>');
    await click('Insert link');
    fireEvent.change(screen.getByLabelText('Link URL'), { target: { value: 'https://kept.example' } });
    await act(async () => {
      fireEvent.pointerDown(document.body);
      fireEvent.mouseDown(document.body);
      fireEvent.click(document.body);
    });
    expect(screen.getByRole('dialog', { name: 'Add Link' })).toBeTruthy();
    expect((screen.getByLabelText('Link URL') as HTMLInputElement).value).toBe('https://kept.example');
    expect(screen.getByRole('dialog').className).toContain('max-w-[400px]');
    await act(async () => fireEvent.keyDown(screen.getByLabelText('Link URL'), { key: 'Escape' }));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('returns focus to the toolbar button that opened it (keyboard use)', async () => {
    setup('<p>text</p>');
    button('Insert image').focus();
    await click('Insert image');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })));
    // Radix moves focus on close from a timeout.
    await waitFor(() => expect(document.activeElement).toBe(button('Insert image')));
  });
});

describe('RichTextEditor revert, state and accessibility', () => {
  it('Revert is disabled until an edit and restores the original content', async () => {
    const original = '<p>Dear {fullName},</p><p>Welcome</p>';
    const { editor, lastHtml } = setup(original);
    expect((button('Revert all edits') as HTMLButtonElement).disabled).toBe(true);
    await select(editor, 'Welcome');
    await click('Heading 1');
    await waitFor(() => expect((button('Revert all edits') as HTMLButtonElement).disabled).toBe(false));
    await click('Revert all edits');
    await waitFor(() => expect(lastHtml()).toBe(original));
    expect((button('Revert all edits') as HTMLButtonElement).disabled).toBe(true);
  });

  it('arrow keys, Home and End move focus along the enabled buttons', async () => {
    setup('<p>Hi</p>');
    const toolbar = screen.getByRole('toolbar');
    button('Bold').focus();
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(button('Italic'));
    fireEvent.keyDown(toolbar, { key: 'End' });
    expect(document.activeElement).toBe(button('Clear formatting')); // Revert is disabled, so skipped
    fireEvent.keyDown(toolbar, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(button('Bold'));
    fireEvent.keyDown(toolbar, { key: 'ArrowLeft' });
    expect(document.activeElement).toBe(button('Clear formatting'));
    expect(button('Clear formatting').tabIndex).toBe(0);
    expect(button('Bold').tabIndex).toBe(-1);
  });

  it('shows the placeholder only while empty and names the textbox by its visible label', async () => {
    const { editor } = setup('', { placeholder: 'Write a welcome', label: 'Welcome' });
    const textbox = screen.getByRole('textbox', { name: 'Welcome' });
    expect(textbox.getAttribute('aria-placeholder')).toBe('Write a welcome');
    expect(screen.getByText('Write a welcome')).toBeTruthy();
    await act(async () => editor.update(() => $getRoot().selectEnd().insertText('Hi'), { discrete: true }));
    await waitFor(() => expect(screen.queryByText('Write a welcome')).toBeNull());
  });

  it('disabled: not editable and every button disabled', () => {
    const { textbox } = setup('<p>Hi</p>', { disabled: true });
    expect(textbox.getAttribute('contenteditable')).toBe('false');
    expect(textbox.getAttribute('aria-disabled')).toBe('true');
    for (const b of within(screen.getByRole('toolbar')).getAllByRole('button')) {
      expect((b as HTMLButtonElement).disabled).toBe(true);
    }
  });
});
