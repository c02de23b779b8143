import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@tieline/ui';
import { BILLING_MSG } from '@tieline/validation';
import { CreditCard } from 'lucide-react';

/**
 * Add credit card (spec §2). With hosted checkout there is no card to keep: each purchase is paid on the
 * payment provider's page, so this says so and leads on to buying. Also what Credits to buy shows when
 * card payments are not configured, or the caller does not buy for the account.
 */
export function PaymentDialog({
  title,
  configured,
  canBuy,
  onBuy,
  onClose,
}: {
  title: 'Add credit card' | 'Buy credits';
  configured: boolean;
  canBuy: boolean;
  onBuy: () => void;
  onClose: () => void;
}) {
  const ready = configured && canBuy;
  const text = !configured
    ? BILLING_MSG.paymentsNotConfigured
    : !canBuy
      ? 'Only the owner of your organization can buy credits for it.'
      : 'Tieline keeps no cards. You enter your card on the payment provider’s secure checkout page each time you buy credits, and Tieline never sees or stores the card number. The checkout may offer to remember your card for next time.';
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-w-[480px]">
        <DialogHeader>
          <DialogTitle>{title}</DialogTitle>
          <DialogDescription>{text}</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          {ready ? (
            <>
              <Button variant="outline" onClick={onClose}>
                Close
              </Button>
              <Button onClick={onBuy}>
                <CreditCard aria-hidden="true" /> Buy credits
              </Button>
            </>
          ) : (
            <Button onClick={onClose}>Close</Button>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
