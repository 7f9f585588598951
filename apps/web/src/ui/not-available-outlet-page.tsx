import { Outlet } from 'react-router';
import NotAvailablePage from './not-available-page';

export default function NotAvailableOutletPage() {
  return (
    <>
      <NotAvailablePage />
      <Outlet />
    </>
  );
}
