import { notification, translateError } from '../../errors/toast';
import { errorCodeOf } from '../../errors/errorMessage';

/** Spec 002 §8: auto-response errors show as a snackbar that hides after 6 s. */
export const SNACKBAR_SECONDS = 6;

/** The screen's own text ("Erro ao carregar auto-respostas"…), with the server's translated reason under it when it gave one. */
export function snackbarError(text: string, err?: unknown): void {
  const reason = err !== undefined && errorCodeOf(err) ? translateError(err) : undefined;
  notification().error({ message: text, description: reason, placement: 'bottom', duration: SNACKBAR_SECONDS });
}
