import {
  Bold,
  CornerDownLeft,
  Heading1,
  Heading2,
  Heading3,
  ImagePlus,
  Italic,
  Link,
  Link2Off,
  List,
  ListOrdered,
  type LucideIcon,
  RemoveFormatting,
  RotateCcw,
} from 'lucide-react';
import { type KeyboardEvent, useRef, useState } from 'react';
import { cn } from '../cn';
import { buttonVariants } from '../components/button';
import { Tooltip, TooltipContent, TooltipProvider, TooltipTrigger } from '../components/tooltip';
import type { FormatState } from './commands';

export type ToolbarCommand =
  | 'bold'
  | 'italic'
  | 'h1'
  | 'h2'
  | 'h3'
  | 'bullet'
  | 'number'
  | 'image'
  | 'link'
  | 'lineBreak'
  | 'clear'
  | 'revert';

type Item = {
  command: ToolbarCommand;
  /** Accessible name and tooltip text. */
  label: string;
  icon: LucideIcon;
  /** Toggle state (aria-pressed); absent for plain actions. */
  pressed?: boolean;
  /** Highlighted without being a toggle: the link button while its label says "Remove link". */
  active?: boolean;
  disabled?: boolean;
  shortcut?: string;
};

type ToolbarProps = {
  format: FormatState;
  canRevert: boolean;
  disabled: boolean;
  /** Id of the editing area the toolbar acts on. */
  controls: string;
  onCommand: (command: ToolbarCommand) => void;
};

function groups({ format, canRevert }: ToolbarProps): { label: string; items: Item[] }[] {
  return [
    {
      label: 'Text style',
      items: [
        { command: 'bold', label: 'Bold', icon: Bold, pressed: format.bold, shortcut: 'Control+B Meta+B' },
        { command: 'italic', label: 'Italic', icon: Italic, pressed: format.italic, shortcut: 'Control+I Meta+I' },
      ],
    },
    {
      label: 'Headings',
      items: [
        { command: 'h1', label: 'Heading 1', icon: Heading1, pressed: format.block === 'h1' },
        { command: 'h2', label: 'Heading 2', icon: Heading2, pressed: format.block === 'h2' },
        { command: 'h3', label: 'Heading 3', icon: Heading3, pressed: format.block === 'h3' },
      ],
    },
    {
      label: 'Lists',
      items: [
        { command: 'bullet', label: 'Bullet list', icon: List, pressed: format.block === 'bullet' },
        { command: 'number', label: 'Ordered list', icon: ListOrdered, pressed: format.block === 'number' },
      ],
    },
    {
      label: 'Insert',
      items: [
        { command: 'image', label: 'Insert image', icon: ImagePlus },
        format.link
          ? { command: 'link', label: 'Remove link', icon: Link2Off, active: true }
          : { command: 'link', label: 'Insert link', icon: Link },
        { command: 'lineBreak', label: 'Line break', icon: CornerDownLeft },
      ],
    },
    {
      label: 'Reset',
      items: [
        { command: 'clear', label: 'Clear formatting', icon: RemoveFormatting },
        { command: 'revert', label: 'Revert all edits', icon: RotateCcw, disabled: !canRevert },
      ],
    },
  ];
}

/**
 * The formatting toolbar (platform spec §4). One tab stop: arrow keys, Home and End move between
 * the enabled buttons (WAI-ARIA toolbar pattern), so Tab goes straight on to the text.
 */
export function Toolbar(props: ToolbarProps) {
  const { disabled, controls, onCommand } = props;
  const ref = useRef<HTMLDivElement>(null);
  const [focused, setFocused] = useState<ToolbarCommand>('bold');
  const all = groups(props);
  const enabled = all.flatMap((group) => group.items).filter((item) => !disabled && !item.disabled);
  const tabStop = enabled.some((item) => item.command === focused) ? focused : enabled[0]?.command;

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const buttons = Array.from(ref.current?.querySelectorAll<HTMLButtonElement>('button:not(:disabled)') ?? []);
    const current = buttons.indexOf(document.activeElement as HTMLButtonElement);
    const last = buttons.length - 1;
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: last }[event.key];
    if (next === undefined || current === -1) return;
    event.preventDefault();
    buttons[next > last ? 0 : next < 0 ? last : next]?.focus();
  }

  return (
    <TooltipProvider delayDuration={400}>
      <div
        ref={ref}
        role="toolbar"
        aria-label="Formatting"
        aria-controls={controls}
        onKeyDown={onKeyDown}
        className="flex flex-wrap items-center gap-y-1 border-b border-border bg-muted/50 p-1"
      >
        {all.map((group) => (
          // biome-ignore lint/a11y/useSemanticElements: a fieldset cannot sit inside role="toolbar" as a plain group
          <div
            key={group.label}
            role="group"
            aria-label={group.label}
            className="flex items-center gap-0.5 border-border border-l px-1 first:border-l-0"
          >
            {group.items.map((item) => (
              <Tooltip key={item.command}>
                <TooltipTrigger asChild>
                  <button
                    type="button"
                    aria-label={item.label}
                    aria-pressed={item.pressed}
                    aria-keyshortcuts={item.shortcut}
                    disabled={disabled || item.disabled}
                    tabIndex={item.command === tabStop ? 0 : -1}
                    // Keep the caret (and lexical's selection) in the text when a button is clicked.
                    onMouseDown={(event) => event.preventDefault()}
                    onFocus={() => setFocused(item.command)}
                    onClick={() => onCommand(item.command)}
                    className={cn(
                      buttonVariants({ variant: 'ghost', size: 'icon' }),
                      'size-9',
                      (item.pressed || item.active) && 'bg-accent text-accent-foreground ring-1 ring-primary/30',
                    )}
                  >
                    <item.icon aria-hidden="true" />
                  </button>
                </TooltipTrigger>
                <TooltipContent>{item.label}</TooltipContent>
              </Tooltip>
            ))}
          </div>
        ))}
      </div>
    </TooltipProvider>
  );
}
