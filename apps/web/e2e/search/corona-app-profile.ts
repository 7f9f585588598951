/** A corona-app profile as the Android app writes it: the lines a hand scanner types. */
export const profile = (first: string, last: string, birthday: string) => [
  'BEGIN:VCARD',
  'VERSION:4.0',
  `N:${last};${first};;;`,
  `FN:${first} ${last}`,
  `BDAY:${birthday}`,
  'EMAIL;TYPE=home:scan@example.org',
  'TEL;TYPE="cell,home":0170 1234567',
  'ADR;TYPE=home:;;Merseburger Straße 14;Weißenfels;;06667',
  'REV:20211201T163005Z',
  'END:VCARD',
];
