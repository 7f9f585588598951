/** The login form's field labels, keyed by the request body (a refused login names its fields with them). */
export const LOGIN_LABELS = {
  email: 'E-Mail',
  password: 'Passwort',
};
