import { BookingLegalPage } from './booking-legal-page';

/** /buchen/<search_name>/impressum */
export default function BookingImprintPage() {
  return <BookingLegalPage kind="imprint" />;
}
