import { useEffect, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import type { CheckoutReceipt } from '@beabro/shared/api-schemas/checkout';
import { useHydrated } from '@beabro/shared/hooks/use-hydrated';
import { readLastReceipt } from '../../../lib/last-receipt';

export const SUPPORTED_PARAM = 'supported';

export interface ThankYou {
  receipt: CheckoutReceipt | null;
}

/**
 * After a support the page arrives as /{username}?supported=true. The thank-you is captured once, then
 * the parameter is dropped from the address (replace: Back does not bring it back, a reload or a shared
 * link does not thank again), while the message stays until the supporter dismisses it.
 *
 * The receipt is in this tab's sessionStorage, which the server cannot see: a server-rendered page
 * arrives with the plain thank-you, and the receipt's details are added once the browser has hydrated it.
 */
export function useThankYou(username: string): { thankYou: ThankYou | null; dismiss: () => void } {
  const [params] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const hydrated = useHydrated();
  const [thanking, setThanking] = useState(() => params.get(SUPPORTED_PARAM) === 'true');
  const [receipt, setReceipt] = useState<CheckoutReceipt | null>(null);
  useEffect(() => {
    if (!thanking || !hydrated) return;
    let current = true;
    void readLastReceipt(username).then((found) => {
      if (current) setReceipt(found);
    });
    return () => {
      current = false;
    };
  }, [thanking, hydrated, username]);

  useEffect(() => {
    if (!params.has(SUPPORTED_PARAM)) return;
    const rest = new URLSearchParams(params);
    rest.delete(SUPPORTED_PARAM);
    const search = rest.toString();
    navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    );
  }, [params, location.pathname, location.hash, navigate]);

  return { thankYou: thanking ? { receipt } : null, dismiss: () => setThanking(false) };
}
