/**
 * Texts of the HTTP layer itself (sign-in, permission, throttling, malformed requests) and the web
 * client's own failure texts: exact English, keyed in the `errors` catalogue like every domain message.
 */
export const HTTP_MESSAGES = {
  signIn: 'Please sign in to continue',
  noPermission: 'You do not have permission to do this',
  notFound: 'Not found',
  tooManyAttempts: 'Too many attempts. Please wait a few minutes and try again.',
  serverFailed: 'Something Went Wrong',
  invalidJson: 'The request body is not valid JSON',
  emptyJson: 'The request body is empty',
  bodyTooLarge: 'The request body is too large',
  unsupportedType: 'Unsupported content type',
  invalidLength: 'Invalid content length',
  oneFileAtATime: 'Send one file at a time',
  multipartRequired: 'Send the file as multipart/form-data',
  imageFieldRequired: 'Send the image as multipart/form-data in the field "{{field}}"',
  imageWrongField: 'Send the image in the field "{{field}}"',
  badUrl: 'The address is not valid',
  badRequest: 'The request is not valid',
  csrfBlocked: 'This request was blocked because it did not come from the Ampelos app',
  metricsLocalOnly: 'Metrics are readable from this machine only, or with the metrics token',
  routeNotFound: 'Route {{method}} {{path}} not found',
  reportChangedMeanwhile: 'This report changed meanwhile; please reload and try again',
  shootChangedMeanwhile: 'This Photo Shoot changed meanwhile; please reload and try again',
  unknownNewStatus: 'Unknown new status',
  reportAlreadyInStatus: 'The report is already {{status}}',
  maintenanceByConfig: 'Maintenance is set by MAINTENANCE_MODE in the server configuration',
} as const;

/** The web client's texts for failures that have no server message (network down, a 5xx, a bare 403). */
export const CLIENT_ERROR_MESSAGES = {
  tooManyRequests: 'Too many attempts. Please wait a few minutes and try again.',
  server: 'Something went wrong on our side. Please try again later.',
  network: 'We could not reach the server. Please check your connection and try again.',
  forbidden: 'You are not allowed to do this.',
  generic: 'Something went wrong. Please try again.',
} as const;
