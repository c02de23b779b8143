import { Card, CardContent, CardHeader, CardTitle } from '@tieline/ui';
import type { ReactNode } from 'react';

/** A card of a page under a small title; `className` sets out its content (`p-0` for a table). */
export function TitledCard({ title, className, children }: { title: string; className?: string; children: ReactNode }) {
  return (
    <Card>
      <CardHeader>
        <CardTitle className="text-base">{title}</CardTitle>
      </CardHeader>
      <CardContent className={className}>{children}</CardContent>
    </Card>
  );
}
