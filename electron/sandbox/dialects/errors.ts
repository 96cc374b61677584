/**
 * Error answers: the body each kind of failure gets and the status codes a dialect prefers.
 * Handlers always throw the default's ApiError; this is the only place that respells it.
 */
import { ApiError, errorReply, type Reply } from '../http-kit';

type ErrorBodyStyle =
  /** {error: {code, message, details}} (the default). */
  | 'nested'
  /** {message, code} with an upper-case code ("VALIDATION_FAILED"). */
  | 'flat'
  /** {error: "text"}. */
  | 'string'
  /** {errors: [{field, message}]} (no `field` on errors that are not about one). */
  | 'list'
  /** text/plain. */
  | 'text'
  /** text/html, like a framework's or proxy's error page. */
  | 'html';

export interface ErrorStyle {
  /** 400/422 answers about the request's fields. */
  validation: ErrorBodyStyle;
  /** Other 4xx (401, 403, 404, 405, 409, 413). */
  client: ErrorBodyStyle;
  /** 429 and 5xx. */
  server: ErrorBodyStyle;
  /** The status of a validation failure: 422 (default) or 400. */
  validationStatus: 400 | 422;
  /** The status when the key has no access to the organization: 403 (default) or 404 (hidden). */
  forbiddenStatus: 403 | 404;
  /** Whether a 401 carries `WWW-Authenticate: Basic` (default yes). */
  challenge: boolean;
}

export const DEFAULT_ERRORS: ErrorStyle = {
  validation: 'nested',
  client: 'nested',
  server: 'nested',
  validationStatus: 422,
  forbiddenStatus: 403,
  challenge: true,
};

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  405: 'Method Not Allowed',
  409: 'Conflict',
  413: 'Payload Too Large',
  422: 'Unprocessable Entity',
  429: 'Too Many Requests',
  500: 'Internal Server Error',
  502: 'Bad Gateway',
  503: 'Service Unavailable',
};

const escapeHtml = (s: string): string =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const fieldsOf = (e: ApiError): [string, string][] => {
  const fields = e.details?.fields;
  if (typeof fields !== 'object' || fields === null) return [];
  return Object.entries(fields as Record<string, unknown>).map(([k, v]) => [k, String(v)]);
};

/** The message with its field problems spelled out, for bodies that have no place for them. */
const fullMessage = (e: ApiError): string => {
  const fields = fieldsOf(e);
  if (fields.length === 0) return e.message;
  return `${e.message} ${fields.map(([k, v]) => `${k} ${v}`).join('; ')}.`;
};

const body = (style: ErrorBodyStyle, e: ApiError, status: number): Pick<Reply, 'body' | 'raw'> => {
  switch (style) {
    case 'nested':
      return { body: errorReply(e).body };
    case 'flat':
      return { body: { message: fullMessage(e), code: e.code.toUpperCase() } };
    case 'string':
      return { body: { error: fullMessage(e) } };
    case 'list': {
      const fields = fieldsOf(e);
      return {
        body: {
          errors:
            fields.length > 0
              ? fields.map(([field, message]) => ({ field, message }))
              : [{ message: e.message }],
        },
      };
    }
    case 'text':
      return { raw: { type: 'text/plain; charset=utf-8', text: `${fullMessage(e)}\n` } };
    case 'html': {
      const title = `${status} ${REASONS[status] ?? 'Error'}`;
      return {
        raw: {
          type: 'text/html; charset=utf-8',
          text:
            `<!doctype html><html><head><title>${title}</title></head>` +
            `<body><h1>${title}</h1><p>${escapeHtml(fullMessage(e))}</p><hr><address>devices-api</address></body></html>`,
        },
      };
    }
  }
};

export const renderError = (style: ErrorStyle, e: ApiError): Reply => {
  let status = e.status;
  let err = e;
  if (status === 422) status = style.validationStatus;
  if (status === 403 && style.forbiddenStatus === 404) {
    status = 404;
    // A server that hides other organizations' resources says nothing more than "not found".
    err = new ApiError(404, 'not_found', 'The resource was not found.', undefined, e.headers);
  }
  const headers = { ...e.headers };
  if (!style.challenge) delete headers['www-authenticate'];
  const kind =
    status === 429 || status >= 500
      ? style.server
      : e.code === 'validation_failed' || status === 400 || status === 422
        ? style.validation
        : style.client;
  return {
    status,
    ...body(kind, err, status),
    ...(Object.keys(headers).length > 0 ? { headers } : {}),
  };
};
