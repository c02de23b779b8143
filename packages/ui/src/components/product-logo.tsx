/**
 * Product icon: three connected nodes (a tie line between people). Decorative unless labeled.
 * No `cn` here: the respondent app imports this one component and should not carry tailwind-merge.
 * `className` replaces the default size.
 */
export function ProductIcon({ className = 'size-8', title }: { className?: string; title?: string }) {
  return (
    <svg
      viewBox="0 0 32 32"
      className={`shrink-0 ${className}`}
      role={title ? 'img' : undefined}
      aria-hidden={title ? undefined : true}
      aria-label={title}
    >
      <rect width="32" height="32" rx="7" fill="#1c5a8a" />
      <path d="M9 22 16 10l7 12M9 22h14" stroke="#fff" strokeWidth="2.2" strokeLinecap="round" fill="none" />
      <circle cx="16" cy="10" r="3.2" fill="#fff" />
      <circle cx="9" cy="22" r="3.2" fill="#fff" />
      <circle cx="23" cy="22" r="3.2" fill="#fff" />
    </svg>
  );
}

/** Icon and product name, as in the top bars and the account pages. */
export function Wordmark() {
  return (
    <span className="inline-flex items-center gap-2 font-semibold tracking-tight">
      <ProductIcon />
      <span className="text-lg">Tieline</span>
    </span>
  );
}
