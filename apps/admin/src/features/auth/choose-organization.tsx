import { Button } from '@tieline/ui';
import type { TUserChoice } from '@tieline/validation';
import { Building, ChevronRight, UserRound } from 'lucide-react';
import { useEffect, useRef } from 'react';

type ChooseOrganizationProps = {
  users: TUserChoice[];
  pending: boolean;
  onChoose: (userId: string) => void;
  onBack: () => void;
};

/** Choose-organization step: one login, several users (spec §2); each is an organization or 'Individual Account'. */
export function ChooseOrganization({ users, pending, onChoose, onBack }: ChooseOrganizationProps) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => headingRef.current?.focus(), []);

  return (
    <section aria-labelledby="choose-org-heading" className="flex flex-col gap-4">
      <h2 id="choose-org-heading" ref={headingRef} tabIndex={-1} className="text-lg font-semibold focus:outline-none">
        Choose an organization
      </h2>
      <p className="text-sm text-muted-foreground">Your email address belongs to several accounts. Which one?</p>
      <ul className="flex flex-col gap-2">
        {users.map((choice) => (
          <li key={choice._id}>
            <button
              type="button"
              disabled={pending}
              onClick={() => onChoose(choice._id)}
              className="flex w-full items-center gap-3 rounded-md border border-border bg-card px-4 py-3 text-left text-sm font-medium hover:border-primary hover:bg-accent disabled:opacity-60"
            >
              {choice.organization ? (
                <Building aria-hidden="true" className="size-5 text-muted-foreground" />
              ) : (
                <UserRound aria-hidden="true" className="size-5 text-muted-foreground" />
              )}
              <span className="flex-1">{choice.label}</span>
              <ChevronRight aria-hidden="true" className="size-4 text-muted-foreground" />
            </button>
          </li>
        ))}
      </ul>
      <Button variant="ghost" onClick={onBack} disabled={pending} className="self-start">
        Back
      </Button>
    </section>
  );
}
