import { Button, Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@tieline/ui';

/** delete/{layerIndex}: takes a layer's ties out of this view (the network itself keeps them). */
export function DeleteLayerDialog({
  layer,
  onConfirm,
  onClose,
}: {
  layer: string | null;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>{layer ? `Delete layer ${layer}?` : 'No such layer'}</DialogTitle>
          <DialogDescription>
            {layer
              ? 'Its ties leave this view. The network keeps them: turn the layer back on in Filters.'
              : 'This network has no layer at that position.'}
          </DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          {layer ? (
            <Button variant="destructive" onClick={onConfirm}>
              Delete layer
            </Button>
          ) : null}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
