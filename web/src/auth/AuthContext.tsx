import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import type { SessionAnswer, SessionUser } from '@atende/kit/contracts';
import { dropSession, getAccessToken, http, onAccessTokenChange, refreshSession, sessionGone, setAccessToken, setSessionHandlers } from '../api/http';
import { renewBeforeExpiry } from './tokenRenewal';
import i18n from '../i18n';
import { toastError, toastWarning } from '../errors/toast';
import { markCampaignArea } from './campaignFlag';
import { subscriptionNotice, type Subscription } from './subscription';

export type AuthValue = {
  user: SessionUser | null;
  /** True until the stored session was restored (or found gone). */
  loading: boolean;
  login(email: string, password: string): Promise<void>;
  logout(): Promise<void>;
  /** Re-reads the signed-in user (GET /api/auth/me). */
  refreshUser(): Promise<void>;
  /** The subscription state of the last login or refresh (expired companies go to /financeiro-aberto). */
  subscription: Subscription | null;
  /** The user signed in on this page (the login page then leads on to /tickets or the origin, not to '/'). */
  signedInHere: boolean;
  /** The user signed out on this page (the page left is no origin to return to after the next login). */
  signedOutHere: boolean;
};

const AuthContext = createContext<AuthValue | null>(null);

/** Says what the login answer's subscription means: expired (error) or under 5 days left (warning). */
function announceSubscription(sub: Subscription | null): void {
  const notice = subscriptionNotice(sub);
  if (notice?.kind === 'expired') toastError(i18n.t('auth:subscription.expired', { date: notice.date }));
  else if (notice?.kind === 'expiresSoon') toastWarning(i18n.t('auth:subscription.expiresIn', { count: notice.days }), { seconds: 6 });
}

/**
 * Session of spec 000 §4: restored at start by a refresh when a token is stored; login stores the
 * token; a lost session (401 or failed refresh) empties the user, and the route guards go to /login.
 * Both sign-ins set the local flag cshow (campaignFlag.ts); logout leaves it.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const [user, setUser] = useState<SessionUser | null>(null);
  const [subscription, setSubscription] = useState<Subscription | null>(null);
  const [loading, setLoading] = useState<boolean>(() => !!getAccessToken());
  const [signedInHere, setSignedInHere] = useState(false);
  const [signedOutHere, setSignedOutHere] = useState(false);
  const navigate = useNavigate();

  const apply = useCallback((answer: SessionAnswer) => {
    setUser(answer.user);
    setSubscription(answer.subscription);
  }, []);

  useEffect(() => {
    setSessionHandlers({
      onRefreshed: apply,
      onUnauthorized: () => {
        setSignedInHere(false);
        setUser(null);
        setSubscription(null);
      },
    });
    return () => setSessionHandlers({});
  }, [apply]);

  useEffect(() => {
    if (!getAccessToken()) {
      setLoading(false);
      return;
    }
    let active = true;
    refreshSession()
      .then((answer) => {
        if (!active) return;
        markCampaignArea();
        apply(answer);
      })
      .catch((err: unknown) => {
        if (sessionGone(err)) setAccessToken(null);
      })
      .finally(() => {
        if (active) setLoading(false);
      });
    return () => {
      active = false;
    };
  }, [apply]);

  // While signed in, the token is renewed before it expires (the live socket is handed each new one).
  const signedIn = user !== null;
  useEffect(() => {
    if (!signedIn) return;
    return renewBeforeExpiry({
      token: getAccessToken,
      onTokenChange: onAccessTokenChange,
      refresh: refreshSession,
      sessionGone,
      drop: dropSession,
    });
  }, [signedIn]);

  const login = useCallback(
    async (email: string, password: string) => {
      const { data } = await http.post<SessionAnswer>('/auth/login', { email, password });
      setAccessToken(data.token);
      markCampaignArea();
      setSignedInHere(true);
      setSignedOutHere(false);
      apply(data);
      announceSubscription(data.subscription);
    },
    [apply],
  );

  const logout = useCallback(async () => {
    try {
      // a slow or unreachable server must not keep the user signed in here
      await http.delete('/auth/logout', { timeout: 5_000 });
    } catch {
      // the local session ends anyway
    }
    setAccessToken(null);
    setSignedInHere(false);
    setSignedOutHere(true);
    setUser(null);
    setSubscription(null);
    navigate('/login', { replace: true });
  }, [navigate]);

  const refreshUser = useCallback(async () => {
    const { data } = await http.get<SessionUser>('/auth/me');
    setUser(data);
  }, []);

  const value = useMemo<AuthValue>(
    () => ({ user, loading, login, logout, refreshUser, subscription, signedInHere, signedOutHere }),
    [user, loading, login, logout, refreshUser, subscription, signedInHere, signedOutHere],
  );
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

export function useAuth(): AuthValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
