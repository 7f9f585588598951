/** The labels of the test-centre user form, keyed by the request body (a refused save names its fields with them). */
export const TEST_CENTRE_USER_LABELS = {
  name: 'Name',
  email: 'E-Mail',
  password: 'Passwort',
};
