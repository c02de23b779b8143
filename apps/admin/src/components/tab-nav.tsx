import { cn } from '@tieline/ui';
import { NavLink } from 'react-router';

type TTab = { to: string; label: string; end: boolean };

/** A section's tabs as links, the current one underlined (passive data, organization settings). */
export function TabNav({ label, tabs, className }: { label: string; tabs: readonly TTab[]; className?: string }) {
  return (
    <nav aria-label={label} className={cn('flex gap-1 border-b border-border', className)}>
      {tabs.map((tab) => (
        <NavLink
          key={tab.to}
          to={tab.to}
          end={tab.end}
          className={({ isActive }) =>
            cn(
              '-mb-px border-b-2 px-3 py-2 text-sm font-medium',
              isActive
                ? 'border-primary text-foreground'
                : 'border-transparent text-muted-foreground hover:text-foreground',
            )
          }
        >
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
