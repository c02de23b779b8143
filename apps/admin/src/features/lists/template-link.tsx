import { buttonVariants } from '@tieline/ui';
import { Download } from 'lucide-react';

export const TEMPLATE_URL = {
  respondent: '/api/base/downloads/Respondent_List_Template.xlsx',
  supplementary: '/api/base/downloads/Supplementary_List_Template.xlsx',
} as const;

export function TemplateLink({ href }: { href: string }) {
  return (
    <a href={href} download className={buttonVariants({ variant: 'outline' })}>
      <Download aria-hidden="true" /> Download Template
    </a>
  );
}
