import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { buildResources, type LocaleModules } from './resources';

/**
 * i18next over the JSON files under src/locales/<lang>/<namespace>.json. pt-BR, the default and the
 * fallback, is bundled; en and es are fetched when chosen (loadLanguage), so a visitor downloads one
 * language, not three; tr is listed and falls back.
 * The namespaces of the dashboard, the reports, the real-time panel, the internal chat, the queues, the announcements, the to-do list, the connections, the campaigns (and contact lists), the schedules, the settings (with companies, plans and helps) and the users screens, and of later screens, are left out:
 * their lazy chunks bring them (addNamespaces), so the texts of those screens do not weigh on the initial
 * JS every page downloads (their menu labels, and the bells' texts, are in the shell's).
 */
const modules = import.meta.glob(
  [
    '../locales/pt-BR/*.json',
    '!../locales/pt-BR/dashboard.json',
    '!../locales/pt-BR/reports.json',
    '!../locales/pt-BR/moments.json',
    '!../locales/pt-BR/chats.json',
    '!../locales/pt-BR/queues.json',
    '!../locales/pt-BR/announcements.json',
    '!../locales/pt-BR/todolist.json',
    '!../locales/pt-BR/connections.json',
    '!../locales/pt-BR/campaigns.json',
    '!../locales/pt-BR/schedules.json',
    '!../locales/pt-BR/settings.json',
    '!../locales/pt-BR/companies.json',
    '!../locales/pt-BR/plans.json',
    '!../locales/pt-BR/helps.json',
    '!../locales/pt-BR/users.json',
    '!../locales/pt-BR/prompts.json',
    '!../locales/pt-BR/transcription.json',
    '!../locales/pt-BR/files.json',
    '!../locales/pt-BR/queueIntegrations.json',
    '!../locales/pt-BR/financial.json',
    '!../locales/pt-BR/autoResponses.json',
  ],
  { eager: true },
);
const resources = buildResources(modules);
/** The other languages' files, each fetched on demand (only the namespaces pt-BR bundles are asked for). */
const translations = import.meta.glob<{ default: Record<string, unknown> }>('../locales/{en,es}/*.json');

/** The spec's local storage key for the language (000 §2); 'language', an older key of ours, is still read. */
export const LANGUAGE_STORAGE_KEY = 'i18nextLng';
const OLD_LANGUAGE_KEY = 'language';
export const FALLBACK_LANGUAGE = 'pt-BR';

export type LanguageCode = 'pt-BR' | 'en' | 'es' | 'tr';
export const languages: { code: LanguageCode; label: string }[] = [
  { code: 'pt-BR', label: 'Português (Brasil)' },
  { code: 'en', label: 'English' },
  { code: 'es', label: 'Español' },
  { code: 'tr', label: 'Türkçe' },
];
const supported = languages.map((l) => l.code) as string[];

function storedLanguage(): LanguageCode {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY) ?? localStorage.getItem(OLD_LANGUAGE_KEY);
    if (value && supported.includes(value)) return value as LanguageCode;
    if (value === 'pt' || value?.toLowerCase() === 'pt-br') return 'pt-BR';
  } catch {
    // no storage (tests, privacy mode): the default applies
  }
  return FALLBACK_LANGUAGE;
}

void i18n.use(initReactI18next).init({
  resources,
  lng: storedLanguage(),
  fallbackLng: FALLBACK_LANGUAGE,
  supportedLngs: supported,
  ns: [...new Set(Object.values(resources).flatMap((r) => Object.keys(r)))],
  defaultNS: 'common',
  fallbackNS: 'common',
  interpolation: { escapeValue: false },
  initAsync: false,
  react: { useSuspense: false },
});

if (typeof document !== 'undefined') document.documentElement.lang = i18n.language;

const loaded = new Map<string, Promise<void>>([[FALLBACK_LANGUAGE, Promise.resolve()]]);

/** Fetches a language's texts of the namespaces bundled in pt-BR (once); pt-BR and tr have nothing to fetch. */
export function loadLanguage(code: string): Promise<void> {
  let loading = loaded.get(code);
  if (!loading) {
    const namespaces = Object.keys(resources[FALLBACK_LANGUAGE] ?? {});
    loading = Promise.all(
      namespaces.map(async (ns) => {
        const load = translations[`../locales/${code}/${ns}.json`];
        if (load) i18n.addResourceBundle(code, ns, (await load()).default, true, true);
      }),
    ).then(
      () => undefined,
      (err: unknown) => {
        loaded.delete(code); // asked again next time (a network hiccup)
        throw err;
      },
    );
    loaded.set(code, loading);
  }
  return loading;
}

/**
 * The stored language's texts are there (main.tsx renders after this; a failed fetch leaves the Portuguese ones).
 * Asked for again once they are: i18next resolved it to Portuguese while en or es had no texts yet, and what
 * reads resolvedLanguage (antd's and dayjs' locale, dates and numbers) would stay Portuguese until a switch.
 */
export const languageReady: Promise<void> = loadLanguage(i18n.language).then(
  () => i18n.changeLanguage(i18n.language).then(() => undefined),
  () => undefined,
);

/** Switches the language (its texts fetched first) and keeps it in local storage (i18nextLng). */
export async function changeLanguage(code: LanguageCode): Promise<void> {
  await loadLanguage(code);
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, code);
    localStorage.removeItem(OLD_LANGUAGE_KEY);
  } catch {
    // ignore
  }
  await i18n.changeLanguage(code);
  if (typeof document !== 'undefined') document.documentElement.lang = code;
}

/** Adds the namespaces a lazy screen's chunk carries (the same `<lang>/<namespace>.json` modules). */
export function addNamespaces(lazyModules: LocaleModules): void {
  for (const [lang, namespaces] of Object.entries(buildResources(lazyModules))) {
    for (const [ns, texts] of Object.entries(namespaces)) i18n.addResourceBundle(lang, ns, texts, true, true);
  }
}

export default i18n;
