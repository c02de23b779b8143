import { Button, DialogFooter } from '@tieline/ui';
import { Download } from 'lucide-react';
import { CopyButton, ShownOnceAlert } from '../../components/shown-once';

// Recovery codes as shown once, at enrollment and when a new set is made: to copy or download.

export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const text = `${codes.join('\n')}\n`;
  const download = () => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain' }));
    const a = document.createElement('a');
    a.href = url;
    a.download = 'tieline-recovery-codes.txt';
    a.click();
    URL.revokeObjectURL(url);
  };
  return (
    <div className="flex flex-col gap-4">
      <ShownOnceAlert title="Save these codes now">
        They are shown only this once. Keep them somewhere safe, apart from your phone.
      </ShownOnceAlert>
      <ul
        className="grid grid-cols-2 gap-2 rounded-md border border-border bg-muted p-3 font-mono text-sm"
        aria-label="Recovery codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <DialogFooter className="gap-2">
        <CopyButton text={text} label="Copy codes" copied="Codes copied" />
        <Button variant="outline" size="sm" onClick={download}>
          <Download aria-hidden="true" /> Download
        </Button>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}
