/**
 * The error catalogue (spec 000 §8 plus the platform's own codes) and the one
 * exhaustive mapping from code to HTTP status. Browser-safe: the web imports it
 * to know every code it must translate.
 */
export const errorStatus = {
  // spec 000 §8
  ERR_NO_OTHER_WHATSAPP: 400,
  ERR_NO_DEF_WAPP_FOUND: 404,
  ERR_WAPP_NOT_INITIALIZED: 409,
  ERR_WAPP_CHECK_CONTACT: 400,
  ERR_WAPP_INVALID_CONTACT: 400,
  ERR_WAPP_DOWNLOAD_MEDIA: 502,
  ERR_INVALID_CREDENTIALS: 401,
  ERR_SENDING_WAPP_MSG: 502,
  ERR_DELETE_WAPP_MSG: 400,
  ERR_OTHER_OPEN_TICKET: 409,
  ERR_SESSION_EXPIRED: 401,
  ERR_USER_CREATION_DISABLED: 403,
  ERR_NO_PERMISSION: 403,
  ERR_DUPLICATED_CONTACT: 409,
  ERR_NO_SETTING_FOUND: 404,
  ERR_NO_CONTACT_FOUND: 404,
  ERR_NO_TICKET_FOUND: 404,
  ERR_NO_USER_FOUND: 404,
  ERR_NO_WAPP_FOUND: 404,
  ERR_CREATING_MESSAGE: 400,
  ERR_CREATING_TICKET: 400,
  ERR_FETCH_WAPP_MSG: 404,
  ERR_QUEUE_COLOR_ALREADY_EXISTS: 409,
  ERR_WAPP_GREETING_REQUIRED: 400,
  ERR_OUT_OF_HOURS: 401,
  ERR_EDITING_WAPP_MSG: 400,
  // platform codes
  ERR_VALIDATION: 400,
  ERR_INVALID_TOKEN: 403,
  ERR_NOT_FOUND: 404,
  ERR_NO_COMPANY_FOUND: 404,
  ERR_NO_PLAN_FOUND: 404,
  ERR_NO_HELP_FOUND: 404,
  ERR_NO_ANNOUNCEMENT_FOUND: 404,
  /** Invoices and the subscription checkout (admin). */
  ERR_NO_INVOICE_FOUND: 404,
  ERR_INVOICE_ALREADY_PAID: 409,
  /** No Pix key configured on the platform (PIX_KEY): no charge can be made. */
  ERR_PAYMENT_NOT_CONFIGURED: 409,
  /** The payment webhook's shared secret is missing or wrong. */
  ERR_INVALID_WEBHOOK_SECRET: 401,
  ERR_NO_QUEUE_FOUND: 404,
  ERR_NO_TAG_FOUND: 404,
  ERR_NO_MESSAGE_FOUND: 404,
  ERR_NO_NOTE_FOUND: 404,
  ERR_NO_QUICK_MESSAGE_FOUND: 404,
  ERR_NO_CHATBOT_FOUND: 404,
  ERR_NO_CHAT_FOUND: 404,
  ERR_NO_SCHEDULE_FOUND: 404,
  ERR_NO_CONTACT_LIST_FOUND: 404,
  ERR_NO_AUTO_RESPONSE_FOUND: 404,
  ERR_DUPLICATED_EMAIL: 409,
  ERR_DUPLICATED_NAME: 409,
  ERR_DUPLICATED_TOKEN: 409,
  ERR_DUPLICATED_SHORTCUT: 409,
  ERR_PLAN_IN_USE: 409,
  ERR_USER_LIMIT_USER_CREATION: 403,
  ERR_QUEUE_LIMIT: 403,
  ERR_CONNECTION_LIMIT: 403,
  ERR_COMPANY_INACTIVE: 403,
  ERR_CANNOT_DELETE_SELF: 400,
  ERR_CANNOT_DELETE_MAIN_COMPANY: 400,
  ERR_TAG_REQUIRED: 400,
  ERR_PIN_LIMIT: 400,
  ERR_TICKET_CLOSED: 400,
  /** A schedule that was sent (sentAt set) is locked: no edit, no attachment. */
  ERR_SCHEDULE_SENT: 400,
  ERR_INVALID_TRANSITION: 409,
  ERR_IMPORT_INVALID_FILE: 400,
  ERR_PAYLOAD_TOO_LARGE: 413,
  ERR_UNSUPPORTED_MEDIA_TYPE: 415,
  ERR_TOO_MANY_REQUESTS: 429,
  ERR_NO_CAMPAIGN_FOUND: 404,
  ERR_CAMPAIGN_NOT_EDITABLE: 400,
  ERR_CAMPAIGN_INVALID_ACTION: 409,
  ERR_NO_FILE_LIST_FOUND: 404,
  /** Another file list of the company already has this name (case-insensitive). */
  ERR_FILE_LIST_NAME_ALREADY_EXISTS: 409,
  ERR_NO_QUEUE_INTEGRATION_FOUND: 404,
  ERR_QUEUE_INTEGRATION_NAME_IN_USE: 409,
  /** An integration test: Google refused the service-account key. */
  ERR_INTEGRATION_CREDENTIALS_REFUSED: 400,
  /** An integration test: the Dialogflow project does not exist or the key has no access to it. */
  ERR_INTEGRATION_PROJECT_NOT_FOUND: 400,
  /** An integration test: the URL (or Google) could not be reached within the test's time. */
  ERR_INTEGRATION_UNREACHABLE: 400,
  /** An integration test: the other side answered with an error status. */
  ERR_INTEGRATION_TEST_FAILED: 400,
  /** AI prompts, the text corrector and audio transcription (channels). */
  ERR_NO_PROMPT_FOUND: 404,
  ERR_TEXT_CORRECTOR_DISABLED: 403,
  ERR_TEXT_CORRECTOR_NO_MODEL: 400,
  ERR_TEXT_CORRECTOR_UNSUPPORTED_MODEL: 400,
  ERR_TEXT_CORRECTOR_NO_API_KEY: 400,
  ERR_TEXT_CORRECTOR_FAILED: 502,
  /** The AI provider refused the configured API key (its 401/403). */
  ERR_AI_API_KEY_REFUSED: 400,
  ERR_TRANSCRIPTION_NOT_AUDIO: 400,
  ERR_TRANSCRIPTION_NO_API_KEY: 400,
  ERR_TRANSCRIPTION_FAILED: 502,
  /** Facebook and Instagram connections (channels): the app id and secret are not configured on this server. */
  ERR_FACEBOOK_NOT_CONFIGURED: 400,
  /** Facebook refused the user's token (expired, revoked or not the user's). */
  ERR_FACEBOOK_TOKEN_INVALID: 400,
  /** Facebook refused an action for lack of a permission the login did not grant. */
  ERR_FACEBOOK_PERMISSION_DENIED: 400,
  /** The Facebook login granted no page (or, for Instagram, no page with an Instagram business account). */
  ERR_FACEBOOK_NO_PAGES: 400,
  ERR_INSTAGRAM_NO_ACCOUNTS: 400,
  /** The page (or Instagram account) is already a connection of another company. */
  ERR_FACEBOOK_PAGE_IN_USE: 409,
  /** Meta's webhook call without a valid X-Hub-Signature-256. */
  ERR_INVALID_SIGNATURE: 401,
  ERR_SERVICE_UNAVAILABLE: 503,
  ERR_INTERNAL: 500,
} as const satisfies Record<string, number>;

export type ErrorCode = keyof typeof errorStatus;

export const errorCodes = Object.keys(errorStatus) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && Object.prototype.hasOwnProperty.call(errorStatus, value);
}

/** A failing field of a 400 answer. */
export type FieldError = { field: string; message: string };

/** The JSON body of every error answer. */
export type ErrorBody = {
  error: ErrorCode;
  message: string;
  fields?: FieldError[];
  [extra: string]: unknown;
};
