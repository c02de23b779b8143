import { Card, CardContent, Input, Label, SelectField } from '@tieline/ui';
import { AUDIT_TARGETS, type TAuditTarget } from '@tieline/validation';
import { useId, useState } from 'react';
import { AuditTrail } from '../../components/audit-trail';
import { AdminHeading, SuperAdminOnly } from '../../components/super-admin-only';
import { useDebounced } from '../../lib/use-debounced';
import { useDocumentTitle } from '../../lib/use-document-title';

const TITLE = 'Audit Log';
const TARGET_LABELS: Record<TAuditTarget, string> = {
  login: 'Logins',
  user: 'Users',
  organization: 'Organizations',
  apiKey: 'API keys',
};

/** admin/management/audit: every recorded change, newest first, filtered by kind of target or one target. */
export function AuditPage() {
  useDocumentTitle(TITLE);
  const [type, setType] = useState<TAuditTarget | ''>('');
  const [targetId, setTargetId] = useState('');
  const idField = useId();
  const id = useDebounced(targetId.trim(), 300);
  return (
    <SuperAdminOnly title={TITLE}>
      <div className="mx-auto flex max-w-6xl flex-col gap-4 p-4 sm:p-6">
        <AdminHeading title={TITLE}>
          Who changed what and when: super admin changes, credit requests and API keys made or revoked.
        </AdminHeading>
        <div className="flex flex-wrap items-end gap-3">
          <SelectField
            label="Target"
            value={type}
            options={[
              { value: '' as const, label: 'Everything' },
              ...AUDIT_TARGETS.map((t) => ({ value: t, label: TARGET_LABELS[t] })),
            ]}
            onChange={setType}
            className="w-48"
          />
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={idField}>Target id</Label>
            <Input
              id={idField}
              value={targetId}
              maxLength={100}
              onChange={(e) => setTargetId(e.target.value)}
              className="w-80 max-w-full"
            />
          </div>
        </div>
        <Card>
          <CardContent className="p-0">
            <AuditTrail target={{ type: type || undefined, id: id || undefined }} caption="Audit log, newest first" />
          </CardContent>
        </Card>
      </div>
    </SuperAdminOnly>
  );
}
