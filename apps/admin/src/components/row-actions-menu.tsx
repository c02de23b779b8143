import { Button, DropdownMenu, DropdownMenuContent, DropdownMenuTrigger } from '@tieline/ui';
import { EllipsisVertical } from 'lucide-react';
import type { ReactNode } from 'react';

/** A table row's ⋮ menu, “Actions for <name>”, its items (DropdownMenuItem) aligned to the row's end. */
export function RowActionsMenu({ name, children }: { name: string; children: ReactNode }) {
  return (
    <DropdownMenu>
      <DropdownMenuTrigger asChild>
        <Button variant="ghost" size="icon" aria-label={`Actions for ${name}`}>
          <EllipsisVertical aria-hidden="true" />
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">{children}</DropdownMenuContent>
    </DropdownMenu>
  );
}
