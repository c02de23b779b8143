import { useQuery } from '@tanstack/react-query';
import { Alert, AlertDescription, AlertTitle, Button, DataTable, type DataTableColumn } from '@tieline/ui';
import { BILLING_MSG, type TCreditEntry } from '@tieline/validation';
import { CreditCard, Info } from 'lucide-react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { RequestCreditsDialog } from '../../components/request-credits-dialog';
import { TitledCard } from '../../components/titled-card';
import { formatDateTime } from '../../lib/format-date';
import { enabledModules } from '../../lib/module-list';
import { planLabel } from '../../lib/plans';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { BuyCreditsDialog } from './buy-credits-dialog';
import { PaymentDialog } from './payment-dialog';
import { PaymentReturn } from './payment-return';

const BASE = '/users/settings/billing';
const REASONS = { grant: 'Granted', purchase: 'Bought', consumption: 'Used', adjustment: 'Corrected' } as const;

const HISTORY_COLUMNS: DataTableColumn<TCreditEntry>[] = [
  { id: 'when', header: 'When', className: 'whitespace-nowrap', cell: (h) => formatDateTime(h.at) },
  { id: 'what', header: 'What', cell: (h) => REASONS[h.reason] },
  { id: 'credits', header: 'Credits', align: 'right', cell: (h) => `${h.change > 0 ? '+' : ''}${h.change}` },
  { id: 'note', header: 'Note', className: 'break-words', cell: (h) => h.note },
];

/** users/settings/billing (spec §2): plan and modules, respondent credits, and its three dialogs as child routes. */
export function BillingPage() {
  useDocumentTitle('Billing');
  const trpc = useTRPC();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  // The payment provider's checkout comes back with ?checkout=received|cancelled&payment=<id>.
  const [params] = useSearchParams();
  const summary = useQuery(trpc.billing.summary.queryOptions());
  const dialog = pathname.slice(BASE.length + 1).replace(/\/$/, '');
  const close = () => navigate(BASE);

  if (summary.isPending) return <p className="p-6 text-muted-foreground">Loading your billing…</p>;
  if (summary.isError) {
    return (
      <p role="alert" className="p-6">
        Your billing could not be loaded.
      </p>
    );
  }
  const s = summary.data;
  const modules = enabledModules(s.modules).map((m) => m.label);
  const organization = s.account.organization;

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-4 p-4 sm:p-6">
      <div className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">Billing</h1>
        <p className="max-w-prose text-muted-foreground">
          Your plan and modules, and the respondent credits of your account with their history.
        </p>
      </div>
      <div className="grid gap-4 md:grid-cols-2">
        <TitledCard title="Plan" className="flex flex-col gap-1">
          <p className="text-2xl font-semibold">{planLabel(s.networksSubscriptionType)}</p>
          <p className="text-sm text-muted-foreground">
            Modules: {modules.length > 0 ? modules.join(', ') : 'none enabled'}
          </p>
        </TitledCard>
        <TitledCard title="Respondent credits" className="flex flex-col gap-3">
          <p>
            <span className="text-2xl font-semibold" data-testid="credit-balance">
              {s.credits}
            </span>{' '}
            <span className="text-sm text-muted-foreground">
              {organization ? `credits of ${organization.name}` : 'credits of your individual account'}
            </span>
          </p>
          <div className="flex flex-wrap gap-2">
            {s.canBuyCredits ? (
              <>
                <Button variant={s.payments ? 'default' : 'outline'} onClick={() => navigate(`${BASE}/credits-to-buy`)}>
                  Buy credits
                </Button>
                <Button variant="outline" onClick={() => navigate(`${BASE}/add-credit-card`)}>
                  <CreditCard aria-hidden="true" /> Add credit card
                </Button>
              </>
            ) : null}
            {s.canRequestCredits ? (
              <Button variant={s.payments ? 'outline' : 'default'} onClick={() => navigate(`${BASE}/request-credits`)}>
                Request credits
              </Button>
            ) : null}
          </div>
        </TitledCard>
      </div>
      <PaymentReturn checkout={params.get('checkout')} paymentId={params.get('payment')} onDismiss={close} />
      {s.payments ? null : (
        <Alert role="status">
          <Info aria-hidden="true" />
          <div>
            <AlertTitle>Card payments are not configured</AlertTitle>
            <AlertDescription>
              {s.canRequestCredits ? BILLING_MSG.paymentsNotConfigured : BILLING_MSG.paymentsNotConfiguredMember}
            </AlertDescription>
          </div>
        </Alert>
      )}
      <TitledCard title="Credit history" className="p-0">
        <DataTable
          caption="Credit history, newest first"
          columns={HISTORY_COLUMNS}
          data={s.history}
          getRowId={(h) => h._id}
          empty="No credits have been added or used yet."
          className={s.history.length === 0 ? 'pt-0' : undefined}
        />
      </TitledCard>
      {dialog === 'request-credits' && s.canRequestCredits ? (
        <RequestCreditsDialog organization={organization} onClose={close} />
      ) : null}
      {dialog === 'credits-to-buy' && s.payments && s.canBuyCredits ? (
        <BuyCreditsDialog
          accountId={s.account._id}
          accountName={organization ? organization.name : 'your individual account'}
          pricing={s.payments}
          onClose={close}
        />
      ) : dialog === 'add-credit-card' || dialog === 'credits-to-buy' ? (
        <PaymentDialog
          title={dialog === 'add-credit-card' ? 'Add credit card' : 'Buy credits'}
          configured={s.payments !== null}
          canBuy={s.canBuyCredits}
          onBuy={() => navigate(`${BASE}/credits-to-buy`)}
          onClose={close}
        />
      ) : null}
    </div>
  );
}
