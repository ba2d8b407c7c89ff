import { useEffect, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { toastError } from '../errors/toast';

/** How long the refusal toast shows before the redirect (spec 001 §6, spec 002 §6: "after 1 s"). */
export const REFUSED_REDIRECT_MS = 1000;

/**
 * A page the user may not open (a super-only page, a plan without the feature): once `refused`, the error
 * toast `message` shows — once per visit, however often the page re-renders meanwhile — and after
 * REFUSED_REDIRECT_MS the browser goes to `to`.
 */
export function useRefusedRedirect(refused: boolean, message: string, to = '/'): void {
  const navigate = useNavigate();
  const told = useRef(false);
  useEffect(() => {
    if (!refused) return;
    if (!told.current) {
      told.current = true;
      toastError(message);
    }
    const timer = window.setTimeout(() => navigate(to, { replace: true }), REFUSED_REDIRECT_MS);
    return () => window.clearTimeout(timer);
  }, [refused, message, to, navigate]);
}
