import { useEffect, useState } from 'react';

function ago(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  if (seconds < 60) return `${seconds} ${seconds === 1 ? 'second' : 'seconds'} ago`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} ${minutes === 1 ? 'minute' : 'minutes'} ago`;
  const hours = Math.floor(minutes / 60);
  return `${hours} ${hours === 1 ? 'hour' : 'hours'} ago`;
}

/** 'Last saved N seconds ago', refreshed every second (spec §4); offline, that answers wait on the device. */
export function LastSaved({ at, saving, deviceOnly }: { at: number | null; saving: boolean; deviceOnly: boolean }) {
  const [now, setNow] = useState(Date.now);
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  if (deviceOnly) return <span>Saved on this device</span>;
  if (saving && at === null) return <span>Saving…</span>;
  if (at === null) return <span>Not saved yet</span>;
  return <span>Last saved {ago(Math.max(0, now - at))}</span>;
}
