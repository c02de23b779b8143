import { useEffect, useState } from 'react';

function ago(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'} ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  const hours = Math.floor(minutes / 60);
  return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
}

export type TSaveLabelInput = {
  /** The last save confirmed in this visit (ms), null before the first. */
  at: number | null;
  /** The server already held saves when the link opened (a reopened link). */
  savedBefore: boolean;
  saving: boolean;
  /** Offline with changes not yet confirmed: they wait on this device. */
  deviceOnly: boolean;
};

/** The words of the save state: 'Last saved N seconds ago' once this visit saved, 'Saved' for earlier visits' answers. */
export function saveLabel({ at, savedBefore, saving, deviceOnly }: TSaveLabelInput, now: number): string {
  if (deviceOnly) return 'Saved on this device';
  if (at !== null) return `Last saved ${ago(Math.max(0, now - at))}`;
  if (savedBefore) return 'Saved';
  return saving ? 'Saving…' : 'Not saved yet';
}

/** The save state (spec §4), refreshed every second; offline, that answers wait on the device. */
export function LastSaved(props: TSaveLabelInput) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return <span>{saveLabel(props, now)}</span>;
}
