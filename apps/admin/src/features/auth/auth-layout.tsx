import { Card, CardContent, CardDescription, CardHeader, cn } from '@tieline/ui';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { HomeLink } from '../../components/home-link';

type AuthLayoutProps = {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
};

/** Centered card used by every public account page (sign-in, sign-up, verification, reset). */
export function AuthLayout({ title, description, children, footer, wide = false }: AuthLayoutProps) {
  return (
    <div className="flex min-h-dvh flex-col items-center bg-background px-4 py-10 sm:py-16">
      <header className="mb-8">
        <HomeLink />
      </header>
      <main className={cn('w-full', wide ? 'max-w-xl' : 'max-w-md')}>
        <Card>
          <CardHeader>
            <h1 className="text-2xl font-semibold leading-tight tracking-tight">{title}</h1>
            {description ? <CardDescription>{description}</CardDescription> : null}
          </CardHeader>
          <CardContent>{children}</CardContent>
        </Card>
        {footer ? <div className="mt-6 text-center text-sm text-muted-foreground">{footer}</div> : null}
      </main>
    </div>
  );
}

export function TextLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className="font-medium text-primary underline-offset-4 hover:underline">
      {children}
    </Link>
  );
}
