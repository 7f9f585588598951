import { BookingLegalPage } from './booking-legal-page';

/** /buchen/<search_name>/datenschutz */
export default function BookingPrivacyPage() {
  return <BookingLegalPage kind="privacy" />;
}
