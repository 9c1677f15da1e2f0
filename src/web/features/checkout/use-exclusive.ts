/**
 * One payment attempt at a time: `exclusive(task)` runs `task` unless one is running
 * (a second click does nothing); `processing` is true meanwhile (buttons disabled,
 * 'Processing...'); `busy` reads the same fact synchronously for stable handlers.
 */
import { useCallback, useRef, useState } from 'react';

export function useExclusive() {
  const [processing, setProcessing] = useState(false);
  const busy = useRef(false);
  const exclusive = useCallback(async (task: () => Promise<void>) => {
    if (busy.current) return;
    busy.current = true;
    setProcessing(true);
    try {
      await task();
    } finally {
      busy.current = false;
      setProcessing(false);
    }
  }, []);
  return { processing, busy, exclusive };
}
