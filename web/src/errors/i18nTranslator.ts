import i18n from '../i18n';
import type { ErrorTranslator } from './errorMessage';

/**
 * The app's error translator over i18next: codes from the errors namespace, field labels from
 * common:fields (undefined for a field without a label, so the toast leaves it out). Apart from
 * toast.ts so it is testable without antd.
 */
export const i18nErrorTranslator: ErrorTranslator = {
  code: (code) => (i18n.exists(code, { ns: 'errors' }) ? i18n.t(code, { ns: 'errors' }) : undefined),
  generic: () => i18n.t('generic', { ns: 'errors' }),
  field: (name) => (i18n.exists(`fields.${name}`, { ns: 'common' }) ? i18n.t(`fields.${name}`, { ns: 'common' }) : undefined),
};
