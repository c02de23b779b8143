import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@tieline/ui';
import { BILLING_MSG } from '@tieline/validation';

const TITLES = { 'add-credit-card': 'Add credit card', 'credits-to-buy': 'Buy credits' } as const;

/**
 * Add credit card and Credits to buy (spec §2). Cards are entered only in the payment provider's own form,
 * opened with PAYMENT_PUBLIC_KEY; without a key the dialogs say payments are not configured.
 */
export function PaymentDialog({
  kind,
  publicKey,
  onClose,
}: {
  kind: keyof typeof TITLES;
  publicKey: string | null;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-[480px]">
        <DialogHeader>
          <DialogTitle>{TITLES[kind]}</DialogTitle>
          <DialogDescription>
            {publicKey
              ? 'Card payments go through the payment provider; Tieline never sees your card number. Please contact support to complete a purchase.'
              : BILLING_MSG.paymentsNotConfigured}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button onClick={onClose}>Close</Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
