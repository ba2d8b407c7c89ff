/**
 * What an error toast says (spec 000 §8): the server's `{ error, message }` code translated when
 * known, else the raw code, followed by the labels of the failing fields that have a translation
 * (a field without one is left out: the toast never shows a raw field key); a plain string as is;
 * otherwise 'An error occurred!'. Pure: the translator is passed in (tests call it without i18next).
 */
export type ErrorTranslator = {
  /** The translated text of a code, or undefined when the code has no translation. */
  code(code: string): string | undefined;
  /** 'An error occurred!' in the current language. */
  generic(): string;
  /** Label of a failing field of an error answer, or undefined when the field has no translation. */
  field?(name: string): string | undefined;
};

type FieldErrorLike = { field?: unknown; message?: unknown };

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null;

/** The server's error body of an axios error (or the body itself when one is passed). */
export function errorBodyOf(err: unknown): Record<string, unknown> | string | undefined {
  if (!isObject(err)) return undefined;
  const response = err.response;
  if (isObject(response) && 'data' in response) {
    const data = response.data;
    if (typeof data === 'string' || isObject(data)) return data;
    return undefined;
  }
  if (typeof err.error === 'string') return err;
  return undefined;
}

/** The `ERR_…` code of an error answer, if any. */
export function errorCodeOf(err: unknown): string | undefined {
  const body = errorBodyOf(err);
  return isObject(body) && typeof body.error === 'string' ? body.error : undefined;
}

/**
 * The names under which a failing field's label may be found, best first: the server sends zod paths
 * ('queueIds.0', 'mapping.number', 'settings.greaterInterval'), so list indexes are dropped and the
 * innermost name comes first, then the outermost one.
 */
export function fieldLabelKeys(path: string): string[] {
  // Only plain identifiers: anything else could read as an i18next namespace or nesting.
  const names = path.split('.').filter((part) => /^[A-Za-z_$][\w$]*$/.test(part));
  return [...new Set([names.at(-1), names[0]])].filter((name): name is string => !!name);
}

/** The translated label of a failing field, or undefined when none of its names has one. */
function fieldLabel(path: string, tr: ErrorTranslator): string | undefined {
  if (!tr.field) return undefined;
  for (const key of fieldLabelKeys(path)) {
    const label = tr.field(key);
    if (label) return label;
  }
  return undefined;
}

/** Codes whose text the spec quotes whole (spec 002 §8 "Arquivo inválido!"): shown without the failing field. */
const WHOLE_TEXT_CODES: ReadonlySet<string> = new Set(['ERR_IMPORT_INVALID_FILE']);

export function errorMessage(err: unknown, tr: ErrorTranslator): string {
  if (typeof err === 'string') return err.trim() ? (tr.code(err) ?? err) : tr.generic();
  const body = errorBodyOf(err);
  if (isObject(body) && typeof body.error === 'string' && body.error) {
    const text = tr.code(body.error) ?? body.error;
    const fields = Array.isArray(body.fields) && !WHOLE_TEXT_CODES.has(body.error)
      ? (body.fields as FieldErrorLike[]).map((f) => (typeof f?.field === 'string' ? fieldLabel(f.field, tr) : undefined)).filter((f): f is string => !!f)
      : [];
    return fields.length ? `${text} (${[...new Set(fields)].join(', ')})` : text;
  }
  if (typeof body === 'string' && body.trim() && !body.trim().startsWith('<')) return body.trim();
  return tr.generic();
}

/**
 * A failure the server stored as "ERR_CODE: its text" (a schedule's send error): the code's translation
 * when there is one, else the stored text as it is.
 */
export function storedErrorText(stored: string, tr: ErrorTranslator): string {
  const code = /^(ERR_[A-Z0-9_]+)(?::|$)/.exec(stored.trim())?.[1];
  return (code && tr.code(code)) || stored;
}
