import { ProductIcon } from '@tieline/ui';
import type { Ref } from 'react';

type TopBarProps = {
  title: string;
  /** The survey's organization's whitelabel logo, shown instead of the product icon. */
  logoURL: string | null;
  onSupport: () => void;
  supportRef: Ref<HTMLButtonElement>;
};

/** Respondent top bar: logo, survey name and the support button; the admin navigation is never shown here. */
export function TopBar({ title, logoURL, onSupport, supportRef }: TopBarProps) {
  return (
    <header className="border-b border-border bg-card">
      <div className="mx-auto flex max-w-[1400px] items-center gap-3 px-4 py-3 sm:px-6">
        {logoURL ? (
          <img src={logoURL} alt="Organization logo" className="h-8 w-auto max-w-40 object-contain" />
        ) : (
          <ProductIcon className="size-7" />
        )}
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
