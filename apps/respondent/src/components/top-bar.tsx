import type { Ref } from 'react';

type TopBarProps = { title: string; onSupport: () => void; supportRef: Ref<HTMLButtonElement> };

/** Respondent top bar: survey name and the support button; the admin navigation is never shown here. */
export function TopBar({ title, onSupport, supportRef }: TopBarProps) {
  return (
    <header className="border-b border-border bg-card">
      <div className="mx-auto flex max-w-[1400px] items-center gap-3 px-4 py-3 sm:px-6">
        <svg viewBox="0 0 32 32" className="size-7 shrink-0" aria-hidden="true">
          <rect width="32" height="32" rx="7" fill="#1c5a8a" />
          <path d="M9 22 16 10l7 12M9 22h14" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" fill="none" />
          <circle cx="16" cy="10" r="3.2" fill="#fff" />
          <circle cx="9" cy="22" r="3.2" fill="#fff" />
          <circle cx="23" cy="22" r="3.2" fill="#fff" />
        </svg>
        <p className="min-w-0 flex-1 truncate font-semibold" title={title}>
          {title}
        </p>
        <button ref={supportRef} type="button" onClick={onSupport} className="btn btn-outline h-9 px-3">
          Support
        </button>
      </div>
    </header>
  );
}
